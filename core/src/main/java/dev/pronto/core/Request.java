package dev.pronto.core;

import dev.pronto.router.Method;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.SocketAddress;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSession;

/**
 * An HTTP request as a handler sees it.
 *
 * <p>Threading: read it on the thread that runs the handler (the event loop, or the virtual thread
 * of a blocking handler); it is not safe to share between threads while the handler runs.
 *
 * <p>Lifetime: the request and everything a {@code peek*} method returns are valid until the
 * response is sent, after which the server reuses their memory. Methods without {@code peek} return
 * copies that may be kept. Values are parsed lazily: nothing is decoded or allocated for a part of
 * the request the handler does not ask for.
 */
public interface Request {
    /** The request method. */
    Method method();

    /** The protocol version: {@code HTTP/1.1}, {@code HTTP/1.0} or {@code HTTP/2.0}. */
    String protocol();

    /** The request target as sent, path and query, e.g. {@code /users/42?full=true}. */
    String uri();

    /** The path as sent, still percent-encoded, without the query. */
    String rawPath();

    /** A zero-copy view of {@link #rawPath()}, valid until the response is sent. */
    CharSequence peekRawPath();

    /**
     * The percent-decoded path (UTF-8).
     *
     * @throws BadRequestException if the path holds a malformed percent-escape
     */
    String path();

    /** The query string as sent, without the {@code ?}; empty when there is none. */
    String rawQuery();

    /**
     * The first value of query parameter {@code name}, decoded ({@code +} is a space).
     *
     * @return the value, empty for {@code ?flag}, or null when absent
     * @throws BadRequestException if the query holds a malformed percent-escape
     */
    String query(String name);

    /** Every value of query parameter {@code name}, decoded, in order; empty when absent. */
    List<String> queries(String name);

    /** All query parameters, decoded, in order of first appearance. Allocates a map per call. */
    Map<String, List<String>> queryParams();

    /**
     * The path parameter {@code name} of the matched route ({@code /users/{id}}), percent-decoded.
     *
     * @return the value, or null if the route has no such parameter
     * @throws BadRequestException if the value holds a malformed percent-escape
     */
    String param(String name);

    /**
     * The path parameter {@code name} as a decimal {@code long}: {@code /todos/abc} is a 400 naming the
     * parameter ({@code path parameter 'id' must be an integer, got 'abc'}), not the 500 that
     * {@code Long.parseLong(req.param("id"))} would give.
     *
     * @throws BadRequestException if the route has no such parameter or it is not a {@code long}
     */
    default long paramLong(String name) {
        return dev.pronto.core.annotation.Params.longValue(param(name), name, dev.pronto.core.annotation.Params.PATH);
    }

    /**
     * The path parameter {@code name} as a decimal {@code int}; see {@link #paramLong(String)}.
     *
     * @throws BadRequestException if the route has no such parameter or it is not an {@code int}
     */
    default int paramInt(String name) {
        return dev.pronto.core.annotation.Params.intValue(param(name), name, dev.pronto.core.annotation.Params.PATH);
    }

    /** The route pattern that matched, e.g. {@code /users/{id}}; null when no route matched. */
    String routePattern();

    /**
     * The first value of header {@code name}, matched case-insensitively.
     *
     * @return a copy of the value, or null when absent
     */
    String header(CharSequence name);

    /**
     * A zero-copy view of the first value of header {@code name}, valid until the response is sent.
     *
     * @return the view, or null when absent
     */
    CharSequence peekHeader(CharSequence name);

    /** Every value of header {@code name}, in order; empty when absent. */
    List<String> headers(CharSequence name);

    /** The names of all header fields, in order, with duplicates. */
    List<String> headerNames();

    /**
     * The value of cookie {@code name} from the {@code Cookie} headers.
     *
     * @return the value, or null when absent
     */
    String cookie(String name);

    /** All cookies, in order of appearance. Allocates a map per call. */
    Map<String, String> cookies();

    /** The address of the client (a {@code InetSocketAddress} on real sockets). */
    SocketAddress remoteAddress();

    /**
     * The TLS session of the connection: protocol version, cipher suite and, with client certificates
     * ({@link TlsConfig.ClientAuth}), {@code getPeerCertificates()}.
     *
     * @return the session, or null on a cleartext connection
     */
    SSLSession tlsSession();

    /** The declared body length, or -1 when the body is chunked and not yet fully known. */
    long contentLength();

    /**
     * The request body, complete.
     *
     * <p>Ownership: the server owns the buffer and releases it after the response is sent; call
     * {@code retain()} to keep it longer and {@code release()} when done. Do not release it
     * otherwise. Reading it moves its reader index; use absolute getters to read it twice.
     *
     * @return the body; an empty buffer when there is none
     */
    ByteBuf body();

    /** A copy of the body. */
    byte[] bodyBytes();

    /** The body decoded as UTF-8. */
    String bodyString();

    /**
     * The body as a stream. For an aggregated body it reads {@link #body()} without moving its
     * reader index. On a streaming route ({@link RouteOptions#streamingBody()}) it yields the bytes as
     * they arrive and blocks until more do, so call it only from a blocking handler; it throws
     * {@code IllegalStateException} on an event loop there.
     */
    InputStream bodyStream();

    /**
     * Visits every header field in arrival order (names lower case on HTTP/2, as sent on HTTP/1.1),
     * as copies; for protocols that carry arbitrary metadata in headers, such as gRPC. Call it on the
     * handler's thread while the request is live.
     */
    void forEachHeader(java.util.function.BiConsumer<String, String> action);

    /**
     * As {@link #forEachHeader}, with zero-copy views instead of copies: each name and value is
     * valid only during its call to {@code action} (copy with {@code toString()} to keep it), so a
     * protocol that keeps a few of the fields pays for those alone. Same thread and lifetime rules.
     */
    void peekEachHeader(java.util.function.BiConsumer<CharSequence, CharSequence> action);

    /**
     * Receives the body chunk by chunk on a streaming route ({@link RouteOptions#streamingBody()});
     * chunks that arrived before registration are delivered first. Call it once.
     *
     * @throws IllegalStateException if the route is not streaming or a consumer is already set
     */
    void onBody(BodyListener listener);

    /**
     * Stops reading a streamed body ({@link #onBody(BodyListener)}) from the connection until
     * {@link #resumeBody()}: for a listener that hands chunks to something slower (a proxy's upstream
     * socket) and must not buffer them. A chunk already decoded may still arrive. On HTTP/2 the
     * whole connection stops reading; teleport bodies arrive whole, so there it does nothing. Any
     * thread; idempotent.
     *
     * @throws IllegalStateException if the route is not streaming
     */
    void pauseBody();

    /** Reads a body paused by {@link #pauseBody()} again. Any thread; idempotent. */
    void resumeBody();

    /**
     * The fields of an {@code application/x-www-form-urlencoded} body (names and values percent-decoded,
     * {@code +} a space), under the route's {@link FormLimits}. Parses on each call. Aggregated routes only.
     *
     * @throws HttpException 415 for another Content-Type, 413 past {@code maxFields}, {@code maxFieldSize} or
     *         {@code maxMemorySize}, 400 for a malformed percent-escape
     * @throws IllegalStateException on a streaming route
     */
    FormFields form();

    /**
     * Parses a {@code multipart/form-data} body under the route's {@link FormLimits}: fields into memory, file
     * parts into memory up to {@code fileThreshold} and past it into temporary files written off the event
     * loop. On a streaming route ({@link RouteOptions#streaming()}) the body is parsed as it arrives, never
     * held whole, and reading pauses while files are written; on an aggregated route the body in memory is
     * parsed. The stage completes on the event loop once the body has ended and every file is written: send
     * the response from it ({@code Handler.async}), or wait for it in a blocking handler. Past a limit it
     * fails with 413; a malformed body (missing boundary, truncated part, oversized part headers) with 400;
     * on a streaming route the server answers such failures itself and closes the connection. Temporary files
     * are deleted when the exchange ends. Call it once, instead of any other way of reading the body.
     *
     * @return the form, on the event loop
     * @throws HttpException 415 when the body is not {@code multipart/form-data}, 400 when its boundary is missing
     *         or invalid
     * @throws IllegalStateException when called twice, or after the body was read otherwise
     */
    java.util.concurrent.CompletionStage<FormData> multipart();

    /**
     * As {@link #multipart()}, handing each part first to {@code listener}, which may take its bytes itself
     * (they are then in neither {@link FormData#fields()} nor {@link FormData#files()}) or leave it to the server.
     *
     * @param listener sees each part's head on the event loop
     */
    java.util.concurrent.CompletionStage<FormData> multipart(PartListener listener);

    /**
     * The body decoded from JSON with the codec given to {@code Server.builder().json(...)}.
     *
     * @throws BadRequestException if the body is not a valid {@code type}
     * @throws IllegalStateException if the server has no JSON codec
     */
    <T> T json(Class<T> type);

    /** As {@link #json(Class)}, for a generic type such as {@code List<Item>}. */
    Object json(Type type);

    /**
     * An attribute set by a hook or handler of this request (the authenticated user, a request
     * id under {@code "requestId"}).
     *
     * @return the value, or null when unset
     */
    Object attribute(String name);

    /** Sets an attribute for the rest of this request's lifecycle; null removes it. */
    void attribute(String name, Object value);

    /** Whether the connection stays open after this exchange. */
    boolean keepAlive();

    /**
     * The time left, in nanoseconds, before the caller's deadline: the {@code Request-Timeout}
     * header (milliseconds) that pronto's contract clients send, counted from when this request
     * was dispatched. Zero or negative once it has passed (the server has then answered 504 and
     * run the {@link Response#onCancel} action); {@link Long#MAX_VALUE} when the caller sent none
     * or one beyond the response timeout, which then still applies. Pass it on to what the
     * handler waits for (a query, a downstream call) so work stops when nobody waits for it.
     * Allocates nothing.
     */
    long remainingNanos();
}
