package dev.pronto.core.internal.http3;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.Http1Head;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A streamed response on an HTTP/3 request stream: HEADERS first, then each chunk as DATA, then trailers
 * and FIN. A chunk's stage completes once QUIC has taken it within the client's stream and connection
 * windows (Netty queues it until then), so a writer that waits for its stages never runs ahead of a slow
 * client. Callable from any thread; frames are written on the event loop.
 */
final class H3BodyWriter implements BodyWriter {
    private final H3Connection conn;
    private final Exchange e;
    private final StreamCompressor compressor;
    private final QuicStreamChannel stream;
    /** The exchange generation this writer belongs to: a reset stream's exchange is pooled and reused. */
    private final int generation;
    private volatile boolean ended;
    private boolean withBody;
    /** The latest frame written, which the FIN must wait for. Event loop only. */
    private io.netty.channel.ChannelFuture lastWrite;

    H3BodyWriter(H3Connection conn, Exchange e, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.compressor = compressor;
        this.stream = H3Slot.of(e).stream;
        this.generation = ExchangeState.generation(e.stamp());
        if (compressor != null) {
            compressor.closeWith(stream);
        }
    }

    /** Event loop: writes the head. */
    void start(String defaultType) {
        if (stale()) {
            return;
        }
        if (!writable()) {
            e.abort();
            return;
        }
        withBody = Http1Head.hasBody(e, e.response.status());
        e.bytesOut = -1;
        lastWrite = stream.writeAndFlush(new DefaultHttp3HeadersFrame(H3Responses.headers(e, -1, defaultType)));
    }

    @Override
    public CompletionStage<Void> write(CharSequence chunk) {
        int length = ByteBufUtil.utf8Bytes(chunk);
        ByteBuf buf = conn.alloc().ioBuffer(length);
        ByteBufUtil.reserveAndWriteUtf8(buf, chunk, length);
        return write(buf);
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return write(conn.alloc().ioBuffer(chunk.length).writeBytes(chunk));
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
        ByteBuf tail = compressor != null ? compressor.finish() : Unpooled.EMPTY_BUFFER;
        return send(tail != null ? tail : Unpooled.EMPTY_BUFFER, true);
    }

    /** Resets the stream with H3_REQUEST_CANCELLED; QUIC then drops the chunks it still holds. */
    @Override
    public void abort() {
        if (ended) {
            return;
        }
        ended = true;
        // always a task, even on the loop: the caller may be inside a callback of this stream (its body's listener)
        conn.eventLoop().execute(() -> {
            if (!stale()) {
                conn.abort(e, Http3ErrorCode.H3_REQUEST_CANCELLED);
            }
        });
    }

    private CompletionStage<Void> send(ByteBuf data, boolean last) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Runnable task = () -> writeOnLoop(data, last, done);
        if (conn.eventLoop().inEventLoop()) {
            task.run();
        } else {
            conn.eventLoop().execute(task);
        }
        return done;
    }

    private void writeOnLoop(ByteBuf data, boolean last, CompletableFuture<Void> done) {
        if (stale() || !writable()) {
            data.release();
            if (!stale() && last) {
                finished();
            }
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        io.netty.channel.ChannelFuture written;
        if (!withBody || !data.isReadable()) {
            data.release();
            done.complete(null);
            written = lastWrite;
        } else {
            written = stream.writeAndFlush(new DefaultHttp3DataFrame(data));
            lastWrite = written;
            written.addListener(f -> {
                if (f.isSuccess()) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(f.cause());
                }
            });
        }
        if (last) {
            H3Writes.end(stream, H3Responses.trailers(e), e.closeAfter, written);
            finished();
        }
    }

    private void finished() {
        ExchangePool.hold(e);
        try {
            e.completed();
            conn.server.releaseInFlight(e);
            conn.pool.observe(e);
        } finally {
            conn.release(e);
        }
    }

    private boolean stale() {
        return ExchangeState.generation(e.stamp()) != generation;
    }

    private boolean writable() {
        return !conn.closing() && stream.isActive() && e.state() == ExchangeState.RESPONDING;
    }
}
