package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;

/**
 * Sends {@link H3Chunks} as DATA frames with one chunk in flight: the next chunk is made only once the
 * previous write completed, which QUIC does once the bytes fit the client's stream and connection windows.
 * A write that completes at once continues the loop instead of recursing, so a large window never deepens
 * the stack. Event loop only.
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

        /** Whether sending should stop (the connection is closing). */
        boolean stopped();
    }

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
        ByteBuf chunk = chunks.next(target.alloc());
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
        if (f.isSuccess() && !target.stopped()) {
            next();
        } else {
            chunks.close();
        }
    }
}
