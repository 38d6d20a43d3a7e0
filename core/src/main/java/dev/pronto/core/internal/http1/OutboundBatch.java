package dev.pronto.core.internal.http1;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * The write side of an HTTP/1.1 connection: small responses of one read batch share one buffer and
 * one outbound entry (a copy of a small response is cheaper than an entry, an iovec and a pooled
 * buffer per response; a lone response is written as it is), and everything written during a read
 * batch is flushed once at its end, or once per event-loop turn otherwise. Event loop only.
 */
final class OutboundBatch {
    private static final int COPY_LIMIT = 1024;
    private static final int INITIAL = 4096;
    private static final int MAX = 32 * 1024;

    private final HttpConnection conn;
    private final Runnable flushTask = this::scheduledFlush;
    /** Small responses not yet handed to the channel; null when empty. */
    private ByteBuf batch;
    /** Whether {@link #batch} is a buffer of its own rather than the first response's. */
    private boolean shared;
    private boolean needsFlush;
    private boolean flushScheduled;

    OutboundBatch(HttpConnection conn) {
        this.conn = conn;
    }

    /** Writes one response (or chunk); {@code part2} may be null. */
    void write(Object part1, Object part2, boolean inRead) {
        ChannelHandlerContext ctx = conn.ctx();
        if (part1 instanceof ChunkedWriter.PromisedChunk chunk) {
            writePending();
            chunk.writeTo(conn);
            return;
        }
        if (part2 == null && part1 instanceof ByteBuf small && small.readableBytes() <= COPY_LIMIT) {
            append(small);
        } else {
            writePending();
            ctx.write(part1, ctx.voidPromise());
            if (part2 != null) {
                ctx.write(part2, ctx.voidPromise());
            }
        }
        requestFlush(inRead);
        if (batch != null && batch.readableBytes() >= MAX) {
            writePending();
        }
    }

    private void append(ByteBuf small) {
        if (batch == null) {
            batch = small;
            shared = false;
            return;
        }
        if (!shared) {
            ByteBuf first = batch;
            batch = conn.alloc().ioBuffer(INITIAL).writeBytes(first);
            first.release();
            shared = true;
        }
        batch.writeBytes(small);
        small.release();
    }

    void writeWithPromise(Object part, ChannelPromise promise, boolean inRead) {
        writePending();
        conn.ctx().write(part, promise);
        requestFlush(inRead);
    }

    private void requestFlush(boolean inRead) {
        if (inRead) {
            needsFlush = true;
        } else {
            scheduleFlush();
        }
    }

    /** Hands the batched responses to the channel, in order before anything written after them. */
    void writePending() {
        if (batch != null) {
            ByteBuf b = batch;
            batch = null;
            conn.ctx().write(b, conn.ctx().voidPromise());
        }
    }

    /** End of a read batch: one flush for everything it produced. */
    void flushIfNeeded() {
        if (needsFlush) {
            needsFlush = false;
            writePending();
            conn.ctx().flush();
        }
    }

    void scheduleFlush() {
        if (!flushScheduled) {
            flushScheduled = true;
            conn.eventLoop().execute(flushTask);
        }
    }

    private void scheduledFlush() {
        flushScheduled = false;
        writePending();
        conn.ctx().flush();
    }

    void release() {
        if (batch != null) {
            batch.release();
            batch = null;
        }
    }
}
