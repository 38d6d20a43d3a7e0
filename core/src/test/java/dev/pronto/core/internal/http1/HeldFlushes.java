package dev.pronto.core.internal.http1;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;

/**
 * A client that does not read, on an EmbeddedChannel: flushes are held until {@link #release}, so
 * what the server writes stays in the outbound buffer, above a tiny high-water mark, and the server
 * stops reading.
 */
public final class HeldFlushes extends ChannelOutboundHandlerAdapter {
    private boolean holding = true;

    /** Installs the held flushes first in {@code ch}'s pipeline. */
    public static HeldFlushes install(EmbeddedChannel ch) {
        HeldFlushes held = new HeldFlushes();
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
        ch.pipeline().addFirst(held);
        return held;
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        if (!holding) {
            ctx.flush();
        }
    }

    /** The client reads again: everything held is flushed. */
    public void release(EmbeddedChannel ch) {
        holding = false;
        ch.flush();
        ch.runPendingTasks();
    }
}
