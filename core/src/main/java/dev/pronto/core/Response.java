package dev.pronto.core;

import io.netty.buffer.ByteBuf;
import java.nio.file.Path;
import java.util.concurrent.CompletionStage;

/**
 * The response to one request; exactly one {@code send*}, {@link #json(Object)},
 * {@link #redirect(String)}, {@link #sendFile(Path)} or {@link #stream()} per request.
 *
 * <p>Threading: status and headers are set on the handler's thread before sending. The
 * {@code send} methods, {@link #json(Object)} and {@link #stream()}'s writer may be called from any
 * thread once the handler called {@link #async()} (or runs as a blocking handler): the server moves
 * the write to the connection's event loop. Responses always leave in request order, whatever order
 * handlers finish in.
 *
 * <p>Defaults: status 200; {@code Content-Length} is always computed; {@code Content-Type} is
 * {@code text/plain; charset=utf-8} for text, {@code application/octet-stream} for bytes and
 * {@code application/json} for JSON unless a header was set.
 */
public interface Response {
    /** Sets the status code, 100..599 ({@code IllegalArgumentException} otherwise). */
    Response status(int code);

    /** The status code set so far. */
    int status();

    /**
     * Adds a header field. The name and value are checked and captured at this call: a mutable
     * {@code CharSequence} (such as a {@code StringBuilder}) is copied, so changing it afterwards does
     * not change the response. {@code Content-Length} and {@code Transfer-Encoding} are managed by the
     * server and are rejected.
     *
     * @throws IllegalArgumentException naming the header, if the name is not an RFC 9110 token
     *         (letters, digits and {@code !#$%&'*+-.^_`|~}), if the value holds CR, LF, NUL or another
     *         control character other than tab, or a character outside Latin-1
     * @throws NullPointerException if the name or value is null
     * @throws IllegalStateException if the response was already sent
     */
    Response header(CharSequence name, CharSequence value);

    /**
     * Sets {@code Content-Type}, replacing any earlier value; checked and captured like a
     * {@link #header(CharSequence, CharSequence)} value.
     *
     * @throws IllegalArgumentException if the value holds a control character other than tab
     */
    Response contentType(CharSequence value);

    /**
     * Declares that the response will be sent later, possibly from another thread; the connection
     * keeps serving (and pipelining) other requests meanwhile.
     */
    Response async();

    /** Sends an empty body. */
    void send();

    /** Sends {@code body} encoded as UTF-8. */
    void send(CharSequence body);

    /** Sends {@code body}; the array is copied before this method returns. */
    void send(byte[] body);

    /**
     * Sends {@code body}. Ownership moves to the server, which releases the buffer once written,
     * including when sending fails.
     */
    void send(ByteBuf body);

    /**
     * Sends the value of {@code stage} when it completes: a {@code CharSequence} as text, a
     * {@code byte[]} or {@code ByteBuf} as bytes, null as an empty body, anything else as JSON.
     * An exceptional completion is mapped like an exception thrown by a handler. Implies
     * {@link #async()}.
     */
    void send(CompletionStage<?> stage);

    /**
     * Sends {@code value} as JSON through the server's codec, written straight into a pooled buffer.
     *
     * @throws IllegalStateException if the server has no JSON codec
     */
    void json(Object value);

    /** Sends a 302 redirect to {@code location}. */
    void redirect(String location);

    /** Sends a redirect with {@code status} (301, 302, 303, 307 or 308) to {@code location}. */
    void redirect(int status, String location);

    /**
     * Sends the file at {@code file} with zero-copy transfer where the transport allows.
     *
     * @throws NotFoundException if the file does not exist or is not a regular readable file
     */
    void sendFile(Path file);

    /**
     * Starts a chunked response: headers go out now, the body as the writer's chunks.
     *
     * @return the writer; {@link BodyWriter#end()} completes the response
     */
    BodyWriter stream();

    /**
     * Starts a server-sent events response: {@code Content-Type: text/event-stream},
     * {@code Cache-Control: no-cache}, status and other headers as set so far, then the events written
     * to the returned stream. Same contract as {@link #stream()}.
     */
    EventStream sse();

    /**
     * Adds a trailer field, sent after the body (gRPC's {@code grpc-status}, a checksum computed
     * while streaming). Callable before the response is sent, and while a body started by
     * {@link #stream()} is open, from the thread that writes it; the fields are read when the body
     * ends.
     *
     * <p>HTTP/2 sends trailers as a final HEADERS frame, also after an empty body. HTTP/1.1 sends
     * them in the last chunk of a streamed body; a body sent whole carries a Content-Length, which
     * has no place for them, so they are dropped there (RFC 9110 §6.5 lets any recipient drop
     * trailers).
     *
     * @throws IllegalArgumentException for an invalid field, or a field that frames or routes the
     *     message (Content-Length, Transfer-Encoding, Content-Type, Host, Trailer)
     * @throws IllegalStateException once the response has ended
     */
    Response trailer(CharSequence name, CharSequence value);

    /**
     * Runs {@code action} once if this exchange is aborted before its response has completed: the
     * client reset its HTTP/2 stream, the connection closed, or the server gave up on the exchange.
     * Meant for long calls (gRPC cancellation) that must stop work nobody will read. Runs on the
     * thread that aborts (the event loop, usually) and must not block; runs at once if the exchange
     * is already aborted; never runs after the response completed. A later call replaces the action.
     *
     * @return this response
     */
    Response onCancel(Runnable action);

    /**
     * Ends this response with a failure, as a handler's exception would: before anything was sent
     * the error is mapped to a response (500, or an {@code HttpException}'s status); once a
     * {@link #stream()} has started, the client cannot be told in-band, so the connection is closed
     * (HTTP/1.1) or the stream reset (HTTP/2) instead of ending the body as if it were complete.
     * Any thread once the handler called {@link #async()}.
     *
     * @param cause what went wrong; logged as a handler's exception would be
     */
    void fail(Throwable cause);

    /** Whether the response has been sent (or streaming has started). */
    boolean sent();
}
