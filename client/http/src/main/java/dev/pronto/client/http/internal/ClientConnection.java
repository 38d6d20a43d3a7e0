package dev.pronto.client.http.internal;

import dev.pronto.core.Protocol;
import io.netty.channel.ChannelFuture;

/**
 * An open connection of a {@link LoopPool}, as a protocol package implements it: HTTP/1.1 ({@code
 * http1.PooledConnection}, requests answered in turn) or HTTP/2 ({@code http2.H2Connection}, requests
 * multiplexed as streams). Event loop only.
 */
public interface ClientConnection {
    /** The protocol spoken. */
    Protocol protocol();

    /** Whether {@code x} may be written now. */
    boolean canTake(Exchange x);

    /** Requests in flight. */
    int load();

    /** Whether the connection takes no new requests any more (closing, or HTTP/2 after GOAWAY). */
    boolean draining();

    /** Writes {@code x}; it is flushed by {@link #flush()} at the end of the loop turn. */
    void write(Exchange x);

    /** Flushes what {@link #write} queued. */
    void flush();

    /** Fails requests past their deadline and closes the connection when idle too long. */
    void tick(long now, long idleNanos);

    /** Closes at once; requests in flight are retried or failed by the pool. */
    ChannelFuture closeNow();
}
