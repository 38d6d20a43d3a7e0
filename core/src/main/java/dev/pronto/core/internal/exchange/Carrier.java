package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.EventLoop;
import java.net.SocketAddress;

/**
 * What carries exchanges to and from a client: an HTTP/1.1 connection, an HTTP/2 or HTTP/3 stream,
 * a teleport message. The write contract is structured: a whole response is one {@link #respond}
 * call (status, headers and trailers on the exchange, the body in a {@link ResponseBody}) and the
 * carrier frames it; a streamed one starts with {@link #stream}. The dispatcher, hooks, error
 * mapping, compression and metrics only talk to exchanges through this interface, so a new protocol
 * adds a carrier, not a second lifecycle.
 *
 * <p>Threading: {@link #alloc()} may be called by whichever thread owns the exchange's response (see
 * {@link ExchangeState}), to encode a body; responses are framed and everything is written on
 * {@link #eventLoop()}. Methods documented as "any thread" move themselves onto it.
 */
public interface Carrier {
    /** The allocator for response buffers. */
    ByteBufAllocator alloc();

    /** The event loop that owns this carrier's state. */
    EventLoop eventLoop();

    /** The peer's address. */
    SocketAddress remoteAddress();

    /** The TLS session of the connection, or null in cleartext. */
    default javax.net.ssl.SSLSession tlsSession() {
        return null;
    }

    /**
     * The {@code Alt-Svc} value every response of this connection carries (an HTTP/3 listener shares its
     * port), or null: the listener's, given to the carrier when it was made. Read once per pooled exchange,
     * on the event loop.
     */
    default String altSvc() {
        return null;
    }

    /**
     * Sends the whole response of {@code e}, framed as this carrier's protocol frames it: the status,
     * headers and trailers ({@link ServerResponse#status()}, {@link ServerResponse#headers()},
     * {@link ServerResponse#sealTrailers()}) and {@code body}. The carrier decides whether body bytes go
     * on the wire ({@link ResponseBody#hasBody}); it takes or releases everything {@code body} holds on
     * every path, a closed stream or connection included, and ends with {@link ResponseBody#release()}.
     * {@code body} is {@code e.response.body()}, filled by the send that won. Event loop; the exchange
     * must be RESPONDING.
     */
    void respond(Exchange e, ResponseBody body);

    /**
     * Starts a streamed response: the head is encoded on the event loop, the returned writer sends
     * the rest. Any thread; the exchange must be RESPONDING.
     */
    BodyWriter stream(Exchange e, String defaultType, StreamCompressor compressor);

    /** A streamed request body's consumer fell behind: stop reading. Event loop. */
    void pauseBody();

    /** The consumer caught up: read again. Event loop. */
    void resumeBody();
}
