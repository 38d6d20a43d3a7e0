package dev.pronto.core.internal.http1;

import dev.pronto.core.internal.exchange.ExchangePool;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;

/**
 * The write side of an HTTP/1.1 connection: small responses of one read batch share one buffer and
 * one outbound entry (a copy of a small response is cheaper than an entry, an iovec and a pooled
 * buffer per response; a lone response is written as it is), and everything written during a read
 * batch is flushed once at its end, or once per event-loop turn otherwise. It writes to the channel
 * context itself, so writing a response never calls back into the connection. Event loop only.
 */
final class OutboundBatch {
    private static final int COPY_LIMIT = 1024;
    private static final int INITIAL = 4096;
    private static final int MAX = 32 * 1024;

    private final Runnable flushTask = this::scheduledFlush;
    /** Told of every flush, so the responses it hands over are timed with one clock read. */
    private final ExchangePool pool;
    private ChannelHandlerContext ctx;
    /** Whether a read batch is being decoded: what it writes is flushed once at its end. */
    private boolean inRead;
    /** Small responses not yet handed to the channel; null when empty. */
    private ByteBuf batch;
    /** Whether {@link #batch} is a buffer of its own rather than the first response's. */
    private boolean shared;
    /** The shared batch handed to the channel since the last flush, with a reference of ours for the loop's spare. */
    private ByteBuf lent;
    /** Where the response being encoded straight into {@link #batch} began; -1 when none is. */
    private int inPlaceStart = -1;
    private boolean needsFlush;
    private boolean flushScheduled;

    OutboundBatch(ExchangePool pool) {
        this.pool = pool;
    }

    /** The connection's handler was added: writes go to {@code ctx}. */
    void attach(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** A read batch starts: what it writes is flushed once at its end. Returns whether one was already open. */
    boolean beginRead() {
        boolean was = inRead;
        inRead = true;
        return was;
    }

    /** A read batch opened outside a channel read (reading resumed) ends: its writes flush this loop turn. */
    void endReadThisTurn() {
        inRead = false;
        scheduleFlush();
    }

    /** Whether a read batch is being decoded. */
    boolean inRead() {
        return inRead;
    }

    /**
     * The shared batch buffer, for a response of at most {@code size} bytes to be encoded straight
     * behind the batched ones (no buffer, copy and release of its own); null when it needs a buffer
     * of its own: nothing batched yet, or no room. The caller must be next in order and hand the
     * buffer back through {@link #write} before anything else is written.
     */
    ByteBuf inPlace(int size) {
        abandonInPlace();
        if (size > COPY_LIMIT) {
            return null;
        }
        if (batch == null) {
            batch = SpareBuffer.local().take(size);
            if (batch == null) {
                return null;
            }
            shared = true;
        }
        if (!shared) {
            share(size);
        }
        if (batch.writableBytes() < size) {
            return null;
        }
        inPlaceStart = batch.writerIndex();
        return batch;
    }

    /** Bytes of {@code part}: of the response encoded in place when it is the batch. */
    int bytesOf(ByteBuf part) {
        return inPlaceStart >= 0 && part == batch ? batch.writerIndex() - inPlaceStart : part.readableBytes();
    }

    /** A response head its sender failed to finish: dropped from the batch when encoded in place, else released. */
    void discard(ByteBuf head) {
        if (head == batch) {
            abandonInPlace();
        } else {
            head.release();
        }
    }

    /** Drops a response left half-encoded in place (its sender failed), so it never reaches the wire. */
    private void abandonInPlace() {
        if (inPlaceStart >= 0) {
            batch.writerIndex(inPlaceStart);
            inPlaceStart = -1;
        }
    }

    /** Writes one response (or chunk); {@code part2} may be null. */
    void write(Object part1, Object part2) {
        if (inPlaceStart >= 0 && part1 == batch) {
            inPlaceStart = -1;
            if (part2 != null) {
                writePending();
                ctx.write(part2, ctx.voidPromise());
            }
            requestFlush();
            if (batch != null && batch.readableBytes() >= MAX) {
                writePending();
            }
            return;
        }
        abandonInPlace();
        if (part1 instanceof PromisedChunk chunk) {
            writePending();
            ctx.write(chunk.buf(), chunk.promise(ctx));
            requestFlush();
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
        requestFlush();
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
            share(0);
        }
        batch.writeBytes(small);
        small.release();
    }

    private void share(int more) {
        ByteBuf first = batch;
        int size = Math.max(INITIAL, first.readableBytes() + more);
        ByteBuf spare = SpareBuffer.local().take(size);
        batch = (spare != null ? spare : ctx.alloc().ioBuffer(size)).writeBytes(first);
        first.release();
        shared = true;
    }

    private void requestFlush() {
        if (inRead) {
            needsFlush = true;
        } else {
            scheduleFlush();
        }
    }

    /** Hands the batched responses to the channel, in order before anything written after them. */
    void writePending() {
        abandonInPlace();
        if (batch != null) {
            ByteBuf b = batch;
            batch = null;
            if (shared) {
                if (!b.isReadable()) {
                    // a spare taken for a response that was then abandoned: nothing to write
                    SpareBuffer.local().keep(b);
                    return;
                }
                keepLent(b.retain());
            }
            ctx.write(b, ctx.voidPromise());
        }
    }

    private void keepLent(ByteBuf b) {
        if (lent != null) {
            lent.release();
        }
        lent = b;
    }

    /** End of a read batch: one flush for everything it produced. */
    void readEnded() {
        inRead = false;
        if (needsFlush) {
            needsFlush = false;
            flushNow();
        }
    }

    /**
     * Hands everything written to the socket: the batch, one flush, then the pool times the responses it carried
     * (one clock read for all of them). Every flush of the connection goes through here.
     */
    void flushNow() {
        writePending();
        ctx.flush();
        if (lent != null) {
            SpareBuffer.local().keep(lent);
            lent = null;
        }
        pool.flushed();
    }

    void scheduleFlush() {
        if (!flushScheduled) {
            flushScheduled = true;
            ctx.channel().eventLoop().execute(flushTask);
        }
    }

    private void scheduledFlush() {
        flushScheduled = false;
        flushNow();
    }

    void release() {
        inPlaceStart = -1;
        if (lent != null) {
            lent.release();
            lent = null;
        }
        if (batch != null) {
            batch.release();
            batch = null;
        }
    }
}
