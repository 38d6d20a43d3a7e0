package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.content.FramedBody;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.concurrent.EventExecutor;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;

/**
 * The HTTP/2 half of a streamed response ({@link FramedBody} is the other): HEADERS first, then each
 * chunk as DATA. A chunk's stage completes once the flow controller has written it, so a writer that
 * waits for its stages never runs ahead of a slow client. Event loop, as {@link FramedBody} calls it.
 */
final class H2BodySink implements FramedBody.Sink {
    private final H2Connection conn;
    private final Exchange e;
    private final int streamId;
    /** The exchange generation this writer belongs to: a reset stream's exchange is pooled and reused. */
    private final int generation;
    private boolean withBody;

    H2BodySink(H2Connection conn, Exchange e, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.streamId = H2Slot.of(e).streamId;
        this.generation = ExchangeState.generation(e.stamp());
        if (compressor != null) {
            compressor.closeWith(conn.ctx().channel());
        }
    }

    /** Event loop: writes the head. */
    @Override
    public void start(String defaultType) {
        if (stale()) {
            return;
        }
        if (!writable()) {
            e.abort();
            return;
        }
        withBody = ResponseBody.hasBody(e);
        e.bytesOut = -1;
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
        if (!stale()) {
            conn.abort(e, Http2Error.ENHANCE_YOUR_CALM);
        }
    }

    @Override
    public EventExecutor loop() {
        return conn.eventLoop();
    }

    @Override
    public void write(ByteBuf data, boolean last, CompletableFuture<Void> done) {
        if (stale()) {
            // written from another thread after the client reset the stream and its exchange was recycled
            // (maybe reused): finishing it again would settle someone else's request
            data.release();
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        if (!writable() || !withBody) {
            data.release();
            if (last) {
                finished();
            }
            if (!withBody && writable()) {
                done.complete(null);
            } else {
                done.completeExceptionally(new ClosedChannelException());
            }
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
            finished();
        }
        conn.requestFlush();
    }

    private void finished() {
        ExchangePool.hold(e);
        try {
            e.completed();
            conn.pool.observe(e);
        } finally {
            conn.release(e);
        }
    }

    private boolean stale() {
        return ExchangeState.generation(e.stamp()) != generation;
    }

    private boolean writable() {
        return !conn.closing() && conn.connection().stream(streamId) != null && e.state() == ExchangeState.RESPONDING;
    }
}
