package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;

/**
 * Sends {@link H3Chunks} as DATA frames, in turns: a turn writes chunk after chunk while the stream is
 * writable (QUIC has send capacity: the client's stream and connection windows and the congestion window,
 * as quiche reports them), then flushes once, and the next turn starts when the stream becomes writable
 * again. A chunk is sized to the capacity, so QUIC takes it whole; with little or no capacity it is one
 * {@link H3Chunks#SIZE} chunk, of which Netty holds what QUIC cannot take yet, and the stream turns
 * unwritable. No chunk is written while the previous one still waits in Netty. So the bytes of a response
 * nobody reads are the window QUIC holds plus at most one chunk. Event loop only.
 */
final class H3BodySend implements ChannelFutureListener {
    /** Where the chunks go: one request stream. */
    interface Target {
        ByteBufAllocator alloc();

        /** Writes {@code chunk} (now the target's) as one DATA frame, without flushing. */
        ChannelFuture write(ByteBuf chunk);

        /** Flushes what this turn wrote (and the HEADERS before the first). */
        void flush();

        /** The last chunk is {@code last}: trailers and FIN follow it, flushed. */
        void end(ChannelFuture last);

        /** A chunk could not be made (a file could not be read): the stream is reset. */
        void fail();

        /** Whether sending should stop (the connection is closing, the stream closed). */
        boolean stopped();

        /** Whether the stream takes more now; once false, a change to writable follows. */
        boolean writable();

        /** How many bytes QUIC would take on the stream now, as last reported; may be 0 while writable. */
        long capacity();

        /** Runs {@code task} once, when the stream becomes writable or closes. */
        void whenWritable(Runnable task);
    }

    /** The largest chunk one write makes, however large the capacity. */
    static final int MAX_CHUNK = 8 * H3Chunks.SIZE;
    /** Below this much capacity a chunk is not cut to fit: a sliver of a used window is not worth a frame. */
    static final int MIN_FIT = 1024;
    /** The largest DATA payload with a 2-byte length (varint), whose frame header is then 3 bytes, not 5. */
    private static final int SHORT_FRAME = 16383;

    private final H3Chunks chunks;
    private final Target target;
    /** The latest write on the stream: the next chunk waits until QUIC has taken it. */
    private ChannelFuture pending;
    private boolean looping;
    private boolean again;

    /** {@code head}: the write of the HEADERS frame, which the first chunk waits for like any other; or null. */
    H3BodySend(H3Chunks chunks, Target target, ChannelFuture head) {
        this.chunks = chunks;
        this.target = target;
        this.pending = head;
    }

    /** Runs a turn: writes while the stream is writable, flushes, and waits for the next turn. */
    void next() {
        if (looping) {
            again = true;
            return;
        }
        looping = true;
        try {
            do {
                again = false;
                turn();
            } while (again);
        } finally {
            looping = false;
        }
    }

    private void turn() {
        while (true) {
            if (target.stopped() || pending != null && pending.isDone() && !pending.isSuccess()) {
                chunks.close();
                return;
            }
            boolean held = pending != null && !pending.isDone();
            if (held || !target.writable()) {
                target.flush();
                if (held) {
                    pending.addListener(this);
                } else {
                    target.whenWritable(this::next);
                }
                return;
            }
            ByteBuf chunk = chunks.next(target.alloc(), chunkSize(target.capacity()));
            if (chunk == null) {
                target.fail();
                return;
            }
            pending = target.write(chunk);
            if (chunks.done()) {
                pending.addListener(f -> chunks.close());
                target.end(pending);
                return;
            }
        }
    }

    /**
     * A chunk whose DATA frame fills the capacity exactly, so QUIC takes it whole and the stream turns
     * unwritable with nothing left in Netty (up to {@link #MAX_CHUNK}); below {@link #MIN_FIT}, one
     * {@link H3Chunks#SIZE} chunk, of which Netty holds what QUIC cannot take.
     */
    static int chunkSize(long capacity) {
        if (capacity - 5 > SHORT_FRAME) {
            return (int) Math.min(capacity - 5, MAX_CHUNK);
        }
        return capacity - 3 >= MIN_FIT ? (int) Math.min(capacity - 3, SHORT_FRAME) : H3Chunks.SIZE;
    }

    @Override
    public void operationComplete(ChannelFuture f) {
        if (f.isSuccess()) {
            next();
        } else {
            chunks.close();
        }
    }
}
