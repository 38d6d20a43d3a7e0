package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;

/**
 * Sends {@link H3Chunks} as DATA frames, each made only when QUIC can take it: no larger than the stream's
 * send capacity (the client's stream and connection windows, as quiche reports them), and only once the
 * previous write completed. With no capacity it waits for the stream to become writable. So the bytes of a
 * response nobody reads are the window QUIC holds, and nothing waits in Netty's outbound queue. A write
 * that completes at once continues the loop instead of recursing, so a large window never deepens the
 * stack. Event loop only.
 */
final class H3BodySend implements ChannelFutureListener {
    /** Where the chunks go: one request stream. */
    interface Target {
        ByteBufAllocator alloc();

        /** Writes and flushes {@code chunk} (now the target's) as one DATA frame. */
        ChannelFuture write(ByteBuf chunk);

        /** The last chunk is {@code last}: trailers and FIN follow it. */
        void end(ChannelFuture last);

        /** A chunk could not be made (a file could not be read): the stream is reset. */
        void fail();

        /** Whether sending should stop (the connection is closing, the stream closed). */
        boolean stopped();

        /** How many bytes QUIC would take on the stream now; 0 only when a writability change will follow. */
        long capacity();

        /** Runs {@code task} once, when the stream becomes writable or closes. */
        void whenWritable(Runnable task);
    }

    /** A DATA frame's header: type and a length of up to 4 bytes. */
    private static final int FRAME_HEADER = 5;

    private final H3Chunks chunks;
    private final Target target;
    private boolean looping;
    private boolean again;

    H3BodySend(H3Chunks chunks, Target target) {
        this.chunks = chunks;
        this.target = target;
    }

    /** Sends the next chunk, and more while their writes complete at once. */
    void next() {
        if (looping) {
            again = true;
            return;
        }
        looping = true;
        try {
            do {
                again = false;
                sendOne();
            } while (again);
        } finally {
            looping = false;
        }
    }

    private void sendOne() {
        if (target.stopped()) {
            chunks.close();
            return;
        }
        long capacity = target.capacity();
        if (capacity <= 0) {
            target.whenWritable(this::next);
            return;
        }
        // the frame header may exceed a tiny capacity by a few bytes: QUIC holds those until the window opens
        int max = (int) Math.max(1, Math.min(capacity - FRAME_HEADER, H3Chunks.SIZE));
        ByteBuf chunk = chunks.next(target.alloc(), max);
        if (chunk == null) {
            target.fail();
            return;
        }
        ChannelFuture written = target.write(chunk);
        if (chunks.done()) {
            written.addListener(f -> chunks.close());
            target.end(written);
        } else {
            written.addListener(this);
        }
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
