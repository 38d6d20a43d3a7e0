package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.BodySink;
import dev.pronto.core.internal.content.StreamCompressor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.EventExecutor;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The protocol-neutral half of a streamed response (HTTP/1.1, HTTP/2, HTTP/3, teleport): encodes text,
 * refuses writes after the end, compresses, drops empty chunks and appends the compressor's tail at the
 * end, seals the trailers at the end and hands each chunk to the sink's {@link BodySink#loop()}. There it
 * checks, for every protocol alike, that the exchange is still this body's (a reset stream's exchange is
 * pooled and reused: a late write must not settle someone else's request) and that the sink is still
 * {@link BodySink#writable()}; the protocol half, a {@link BodySink}, only frames and writes. Callable from any
 * thread, one caller at a time (the compressor is not shared).
 */
public final class FramedBody implements BodyWriter {
    private final BodySink sink;
    private final Exchange e;
    /** The exchange's generation when the body opened: another one means the exchange was recycled. */
    private final int generation;
    private final StreamCompressor compressor;
    private final Runnable sealTrailers;
    private volatile boolean ended;

    /** {@code sealTrailers} runs once, on the thread that calls {@link #end()}, before the last chunk leaves. */
    FramedBody(BodySink sink, Exchange e, StreamCompressor compressor, Runnable sealTrailers) {
        this.sink = sink;
        this.e = e;
        this.generation = ExchangeState.generation(e.stamp());
        this.compressor = compressor;
        this.sealTrailers = sealTrailers;
    }

    /**
     * Starts the streamed response of {@code e}: has {@code sink} write the head on its loop (now if called
     * there) and returns the body that writes through it, compressed by {@code compressor} if not null (which
     * the caller has already tied to its channel's close). The trailers are sealed on the thread that calls
     * {@link #end()}, before the last chunk leaves. Any thread; {@code e} must be RESPONDING.
     */
    public static BodyWriter open(BodySink sink, Exchange e, StreamCompressor compressor, String defaultType) {
        FramedBody body = new FramedBody(sink, e, compressor, e.response::sealTrailers);
        if (sink.loop().inEventLoop()) {
            body.begin(defaultType);
        } else {
            sink.loop().execute(() -> body.begin(defaultType));
        }
        return body;
    }

    /** The compressor of this stream, or null (for tests). */
    public StreamCompressor compressor() {
        return compressor;
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
        sink.loop().execute(this::giveUp);
    }

    @Override
    public long connectionBacklog() {
        return sink.connectionBacklog();
    }

    private CompletionStage<Void> send(ByteBuf chunk, boolean last) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        EventExecutor loop = sink.loop();
        if (loop.inEventLoop()) {
            deliver(chunk, last, done);
        } else {
            loop.execute(() -> deliver(chunk, last, done));
        }
        return done;
    }

    /** Whether the exchange went to another request since this body opened. */
    private boolean stale() {
        return ExchangeState.generation(e.stamp()) != generation;
    }

    private boolean writable() {
        return e.state() == ExchangeState.RESPONDING && sink.writable();
    }

    /** On the loop: the head, unless the stream is gone. */
    private void begin(String defaultType) {
        if (stale()) {
            return;
        }
        if (!writable()) {
            e.abort();
            return;
        }
        sink.start(defaultType);
    }

    /** On the loop: the chunk to the sink, or dropped (settling the exchange at the last) when the stream is gone. */
    private void deliver(ByteBuf chunk, boolean last, CompletableFuture<Void> done) {
        boolean stale = stale();
        if (stale || !writable()) {
            chunk.release();
            if (last && !stale) {
                sink.finish();
            }
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        sink.write(chunk, last, done);
    }

    private void giveUp() {
        if (!stale()) {
            sink.abort();
        }
    }
}
