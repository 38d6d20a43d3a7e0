package dev.pronto.core.internal.content;

import dev.pronto.core.BodyWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.EventExecutor;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The protocol-neutral half of a streamed response (HTTP/2, HTTP/3, teleport): encodes text,
 * refuses writes after the end, compresses, drops empty chunks and appends the compressor's tail at the
 * end, seals the trailers at the end and hands each chunk to the sink's {@link Sink#loop()}. The protocol
 * half, a {@link Sink}, frames and writes it there. Callable from any thread, one caller at a time (the
 * compressor is not shared).
 */
public final class FramedBody implements BodyWriter {
    /** What a protocol does with the chunks of one streamed response. */
    public interface Sink {
        /** The allocator the chunks are encoded into. Any thread. */
        ByteBufAllocator alloc();

        /**
         * Where {@link #start}, {@link #write} and {@link #abort} run: the stream's event loop, or
         * {@code ImmediateEventExecutor} for a sink that works on the writer's thread and hops by itself.
         */
        EventExecutor loop();

        /** Writes (or prepares) the head, {@code defaultType} being the type if none was set. On {@link #loop()}. */
        void start(String defaultType);

        /**
         * Frames and writes {@code chunk}, which the sink then owns (it releases it if it cannot write it),
         * and settles {@code done} once written or failed. Called at most once with {@code last}, after
         * which nothing more is written. On {@link #loop()}.
         */
        void write(ByteBuf chunk, boolean last, CompletableFuture<Void> done);

        /** Gives up on the stream; called at most once, never after the last chunk. On {@link #loop()}. */
        void abort();

        /** As {@link BodyWriter#connectionBacklog()}. Any thread. */
        default long connectionBacklog() {
            return 0;
        }
    }

    private final Sink sink;
    private final StreamCompressor compressor;
    private final Runnable sealTrailers;
    private volatile boolean ended;

    FramedBody(Sink sink, StreamCompressor compressor, Runnable sealTrailers) {
        this.sink = sink;
        this.compressor = compressor;
        this.sealTrailers = sealTrailers;
    }

    /**
     * Starts a streamed response: has {@code sink} write the head on its loop (now if called there) and
     * returns the body that writes through it, compressed by {@code compressor} if not null (which the
     * caller has already tied to its channel's close). {@code sealTrailers} runs once, on the thread that
     * calls {@link #end()}, before the last chunk leaves. Any thread.
     */
    public static BodyWriter open(Sink sink, StreamCompressor compressor, Runnable sealTrailers, String defaultType) {
        if (sink.loop().inEventLoop()) {
            sink.start(defaultType);
        } else {
            sink.loop().execute(() -> sink.start(defaultType));
        }
        return new FramedBody(sink, compressor, sealTrailers);
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
        return send(chunk, false);
    }

    @Override
    public CompletionStage<Void> end() {
        if (ended) {
            throw new IllegalStateException("body already ended");
        }
        ended = true;
        // on the writer's thread, before the hop: trailers added after end() are refused, not lost
        sealTrailers.run();
        ByteBuf tail = compressor != null ? compressor.finish() : Unpooled.EMPTY_BUFFER;
        // a compressor closed by a connection that went away has no tail: the stream ends empty
        return send(tail != null ? tail : Unpooled.EMPTY_BUFFER, true);
    }

    @Override
    public void abort() {
        if (ended) {
            return;
        }
        ended = true;
        // always a task, even on the loop: the caller may be inside a callback of this stream (its body's listener)
        sink.loop().execute(sink::abort);
    }

    @Override
    public long connectionBacklog() {
        return sink.connectionBacklog();
    }

    private CompletionStage<Void> send(ByteBuf chunk, boolean last) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        EventExecutor loop = sink.loop();
        if (loop.inEventLoop()) {
            sink.write(chunk, last, done);
        } else {
            loop.execute(() -> sink.write(chunk, last, done));
        }
        return done;
    }
}
