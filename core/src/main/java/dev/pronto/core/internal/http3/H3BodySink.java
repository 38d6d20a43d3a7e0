package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.content.BodySink;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.CompletableFuture;

/**
 * The HTTP/3 half of a streamed response ({@link FramedBody} is the other) on a request stream: HEADERS
 * first, then each chunk as DATA, then trailers and FIN. A chunk's stage completes once QUIC has taken it
 * within the client's stream and connection windows (Netty queues it until then), so a writer that waits
 * for its stages never runs ahead of a slow client. {@link FramedBody} checks that the exchange is still
 * this stream's and {@link #writable()} before each call. Event loop, as {@link FramedBody} calls it.
 */
final class H3BodySink implements BodySink {
    private final H3Connection conn;
    private final Exchange e;
    private final QuicStreamChannel stream;
    private boolean withBody;
    /** The latest frame written, which the FIN must wait for. Event loop only. */
    private io.netty.channel.ChannelFuture lastWrite;

    H3BodySink(H3Connection conn, Exchange e, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.stream = H3Slot.of(e).stream;
        if (compressor != null) {
            compressor.closeWith(stream);
        }
    }

    /** Event loop: writes the head. */
    @Override
    public void start(String defaultType) {
        withBody = ResponseBody.hasBody(e);
        e.bytesOut(-1);
        lastWrite = stream.writeAndFlush(new DefaultHttp3HeadersFrame(H3Responses.headers(e, -1, defaultType)));
    }

    @Override
    public ByteBufAllocator alloc() {
        return conn.alloc();
    }

    /** Resets the stream with H3_REQUEST_CANCELLED; QUIC then drops the chunks it still holds. */
    @Override
    public void abort() {
        conn.abort(e, Http3ErrorCode.H3_REQUEST_CANCELLED);
    }

    @Override
    public EventExecutor loop() {
        return conn.eventLoop();
    }

    @Override
    public void write(ByteBuf data, boolean last, CompletableFuture<Void> done) {
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
            H3Writes.end(stream, H3Responses.trailers(e), e.closeAfter(), written);
            finish();
        }
    }

    @Override
    public void finish() {
        ExchangePool.hold(e);
        try {
            e.completed();
            conn.pool.handedOver(e);
        } finally {
            e.pool().releaseAnyThread(e);
        }
    }

    @Override
    public boolean writable() {
        return !conn.closing() && stream.isActive();
    }
}
