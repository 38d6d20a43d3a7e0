package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.EventLoop;
import java.net.SocketAddress;

/**
 * What carries exchanges to and from a client: an HTTP/1.1 connection today, an HTTP/2 stream or a
 * teleport message later. The dispatcher, hooks, error mapping, compression and metrics only talk
 * to exchanges through this interface, so a new protocol adds a carrier, not a second lifecycle.
 *
 * <p>Threading: {@link #alloc()} may be called by whichever thread owns the exchange's response (see
 * {@link ExchangeState}), to encode a body; heads are encoded and everything is written on
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

    /** Whether responses should ask the client to go away (the server or the carrier is closing). */
    boolean draining();

    /**
     * A buffer holding {@code e}'s response head as this carrier frames it, with room for
     * {@code extra} more bytes of body. Event loop only: the head reads connection state.
     *
     * @param length the body length, -1 for a streamed body
     * @param defaultType the Content-Type to use unless the handler set one, or null
     */
    ByteBuf head(Exchange e, long length, String defaultType, int extra);

    /**
     * Delivers the whole response of {@code e}: {@code out} from {@link #head} (plus body) and an
     * optional second part (a large ByteBuf or a FileRegion). Ownership of both moves here. Event
     * loop; the exchange must be RESPONDING.
     */
    void complete(Exchange e, ByteBuf out, Object part2);

    /**
     * Starts a streamed response: the head is encoded on the event loop, the returned writer sends
     * the rest. Any thread; the exchange must be RESPONDING.
     */
    BodyWriter stream(Exchange e, String defaultType, StreamCompressor compressor);

    /**
     * Drops one dispatcher hold on {@code e} (its chain returned, or a blocking handler finished);
     * the exchange is recycled once the carrier is done with it and no hold is left. Any thread.
     */
    void release(Exchange e);

    /** A response already under way cannot be finished: give up on it and close. Any thread. */
    void abort(Exchange e);

    /** A streamed request body's consumer fell behind: stop reading. Event loop. */
    void pauseBody();

    /** The consumer caught up: read again. Event loop. */
    void resumeBody();
}
