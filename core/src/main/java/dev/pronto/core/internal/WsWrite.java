package dev.pronto.core.internal;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stage a WebSocket send returns, also the listener of its write, so a send costs one object
 * beyond the frame and the promise. Gives its bytes back to the connection's queued count once the
 * frame is written or dropped.
 */
final class WsWrite extends CompletableFuture<Void> implements ChannelFutureListener {
    private final AtomicLong queued;
    private final int size;

    WsWrite(AtomicLong queued, int size) {
        this.queued = queued;
        this.size = size;
    }

    @Override
    public void operationComplete(ChannelFuture f) {
        queued.addAndGet(-size);
        if (f.isSuccess()) {
            complete(null);
        } else {
            completeExceptionally(f.cause());
        }
    }

    /** The frame never reached the channel: release it and fail with {@code why}. */
    void cancelled(Object frame, Throwable why) {
        queued.addAndGet(-size);
        ReferenceCountUtil.release(frame);
        completeExceptionally(why);
    }
}
