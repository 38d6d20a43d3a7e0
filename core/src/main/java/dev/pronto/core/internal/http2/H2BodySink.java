package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.content.BodySink;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.CompletableFuture;

/**
 * The HTTP/2 half of a streamed response ({@link FramedBody} is the other): HEADERS first, then each
 * chunk as DATA. A chunk's stage completes once the flow controller has written it, so a writer that
 * waits for its stages never runs ahead of a slow client. {@link FramedBody} checks that the exchange is
 * still this stream's and {@link #writable()} before each call. Event loop, as {@link FramedBody} calls it.
 */
final class H2BodySink implements BodySink {
    private final H2Connection conn;
    private final Exchange e;
    private final int streamId;
    private boolean withBody;

    H2BodySink(H2Connection conn, Exchange e, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.streamId = H2Slot.of(e).streamId;
        if (compressor != null) {
            compressor.closeWith(conn.ctx().channel());
        }
    }

    /** Event loop: writes the head. */
    @Override
    public void start(String defaultType) {
        withBody = ResponseBody.hasBody(e);
        e.bytesOut(-1);
        conn.encoder().writeHeaders(conn.ctx(), streamId, H2Responses.headers(e, -1, defaultType), 0, !withBody,
                conn.ctx().newPromise());
        conn.requestFlush();
    }

    @Override
    public ByteBufAllocator alloc() {
        return conn.alloc();
    }

    @Override
    public long connectionBacklog() {
        return conn.backlog.bytes();
    }

    /** Resets the stream with ENHANCE_YOUR_CALM; the flow controller then fails and frees its queued chunks. */
    @Override
    public void abort() {
        conn.abort(e, Http2Error.ENHANCE_YOUR_CALM);
    }

    @Override
    public EventExecutor loop() {
        return conn.eventLoop();
    }

    @Override
    public void write(ByteBuf data, boolean last, CompletableFuture<Void> done) {
        if (!withBody) {
            data.release();
            if (last) {
                finish();
            }
            done.complete(null);
            return;
        }
        ChannelPromise promise = conn.ctx().newPromise();
        int n = data.readableBytes();
        H2Backlog backlog = conn.backlog;
        backlog.queued(n);
        promise.addListener(f -> {
            backlog.done(n);
            if (f.isSuccess()) {
                done.complete(null);
            } else {
                done.completeExceptionally(f.cause());
            }
        });
        Http2Headers trailers = last ? H2Responses.trailers(e) : null;
        conn.encoder().writeData(conn.ctx(), streamId, data, 0, last && trailers == null, promise);
        if (trailers != null) {
            conn.encoder().writeHeaders(conn.ctx(), streamId, trailers, 0, true, conn.ctx().newPromise());
        }
        if (last) {
            finish();
        }
        conn.requestFlush();
    }

    @Override
    public void finish() {
        ExchangePool.hold(e);
        try {
            e.completed();
            conn.pool.observe(e);
        } finally {
            e.pool().releaseAnyThread(e);
        }
    }

    @Override
    public boolean writable() {
        return !conn.closing() && conn.connection().stream(streamId) != null;
    }
}
