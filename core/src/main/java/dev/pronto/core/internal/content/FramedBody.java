package dev.pronto.core.internal.content;

import dev.pronto.core.BodyWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The protocol-neutral half of a streamed response on a framed stream (HTTP/2, HTTP/3): encodes text,
 * refuses writes after the end, compresses, drops empty chunks and appends the compressor's tail at the
 * end. The protocol half, a {@link Sink}, frames and writes each chunk. Callable from any thread, one
 * caller at a time (the compressor is not shared).
 */
public final class FramedBody implements BodyWriter {
    /** What a protocol does with the chunks of one streamed response. */
    public interface Sink {
        /** The allocator the chunks are encoded into. Any thread. */
        ByteBufAllocator alloc();

        /**
         * Frames and writes {@code chunk}, which the sink then owns (it releases it if it cannot write it).
         * Called at most once with {@code last}, after which nothing more is sent. Any thread.
         *
         * @return completes once the chunk is written, fails if the stream went away
         */
        CompletionStage<Void> send(ByteBuf chunk, boolean last);

        /** Gives up on the stream; called at most once, never after the last chunk was sent. Any thread. */
        void abort();

        /** As {@link BodyWriter#connectionBacklog()}. Any thread. */
        default long connectionBacklog() {
            return 0;
        }
    }

    private final Sink sink;
    private final StreamCompressor compressor;
    private volatile boolean ended;

    /**
     * A body that writes through {@code sink}, compressed by {@code compressor} if not null (which the
     * caller has already tied to its channel's close).
     */
    public FramedBody(Sink sink, StreamCompressor compressor) {
        this.sink = sink;
        this.compressor = compressor;
    }

    @Override
    public CompletionStage<Void> write(CharSequence chunk) {
        int length = ByteBufUtil.utf8Bytes(chunk);
        ByteBuf buf = sink.alloc().ioBuffer(length);
        ByteBufUtil.reserveAndWriteUtf8(buf, chunk, length);
        return write(buf);
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return write(sink.alloc().ioBuffer(chunk.length).writeBytes(chunk));
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        if (ended) {
            chunk.release();
            throw new IllegalStateException("body already ended");
        }
        if (compressor != null && chunk.isReadable()) {
            chunk = compressor.compressAndRelease(chunk);
            if (chunk == null) {
                return CompletableFuture.failedFuture(new ClosedChannelException());
            }
        }
        if (!chunk.isReadable()) {
            chunk.release();
            return CompletableFuture.completedFuture(null);
        }
        return sink.send(chunk, false);
    }

    @Override
    public CompletionStage<Void> end() {
        if (ended) {
            throw new IllegalStateException("body already ended");
        }
        ended = true;
        ByteBuf tail = compressor != null ? compressor.finish() : Unpooled.EMPTY_BUFFER;
        // a compressor closed by a connection that went away has no tail: the stream ends empty
        return sink.send(tail != null ? tail : Unpooled.EMPTY_BUFFER, true);
    }

    @Override
    public void abort() {
        if (ended) {
            return;
        }
        ended = true;
        sink.abort();
    }

    @Override
    public long connectionBacklog() {
        return sink.connectionBacklog();
    }
}
