package dev.pronto.wire;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stage a WebSocket send returns, and a link in the chain of sends {@link WsOutbound} holds
 * until the next flush. The last send of a flush is the listener of the flush's only promise and
 * completes the whole chain, so a send costs one object beyond its frame. Gives its bytes back to the
 * connection's queued count once the frame is written or dropped.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsWrite extends CompletableFuture<Void> implements ChannelFutureListener {
    private final AtomicLong queued;
    private final int size;
    /** The frame until it is handed to the channel. */
    Object frame;
    /** The next send of the same flush. */
    WsWrite next;

    /**
     * A send of {@code frame} ({@code size} bytes, already added to {@code queued} by the caller or about to be).
     */
    public WsWrite(AtomicLong queued, int size, Object frame) {
        this.queued = queued;
        this.size = size;
        this.frame = frame;
    }

    /** The frame, until it is handed to the channel (then null). */
    public Object frame() {
        return frame;
    }

    /** Completes this send and every later one of its flush, as the flush's promise did. */
    @Override
    public void operationComplete(ChannelFuture f) {
        for (WsWrite w = this; w != null; w = w.next) {
            w.queued.addAndGet(-w.size);
            if (f.isSuccess()) {
                w.complete(null);
            } else {
                w.completeExceptionally(f.cause());
            }
        }
    }

    /** The frame never reached the channel: release it and fail with {@code why}. */
    public void cancelled(Throwable why) {
        queued.addAndGet(-size);
        ReferenceCountUtil.release(frame);
        frame = null;
        completeExceptionally(why);
    }
}
