package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.content.BodySink;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * The teleport half of a streamed response ({@link FramedBody} is the other). The protocol frames every
 * response by Content-Length and interleaves whole messages, so the chunks are gathered (without copying)
 * on the writer's thread and the response leaves, framed, when the body ends. A body over
 * {@code maxBodySize} aborts the response and closes the connection; trailers are not carried. Writes
 * complete at once: the gathered bytes are the backpressure bound. Any thread; chunks are gathered in call
 * order.
 */
final class TeleportBodySink implements BodySink {
    private final TeleportConnection conn;
    private final Exchange e;
    private final long limit;
    private String defaultType;
    private CompositeByteBuf body;
    private long size;
    private boolean failed;

    TeleportBodySink(TeleportConnection conn, Exchange e, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.limit = conn.server.config().maxBodySize();
        if (compressor != null) {
            compressor.closeWith(conn.channel());
        }
    }

    @Override
    public ByteBufAllocator alloc() {
        return conn.alloc();
    }

    /** The writer's own thread: gathering needs no hop, the finished response hops in {@link #write}. */
    @Override
    public EventExecutor loop() {
        return ImmediateEventExecutor.INSTANCE;
    }

    /** Until the body went over {@code maxBodySize} or was aborted: the connection is closing then. */
    @Override
    public synchronized boolean writable() {
        return !failed;
    }

    /** The last chunk came for an exchange no longer responding: what was gathered is dropped, nothing is sent. */
    @Override
    public synchronized void finish() {
        releaseBody();
    }

    /** Only notes the type: the head leaves with the whole body, once its length is known. */
    @Override
    public synchronized void start(String defaultType) {
        this.defaultType = defaultType;
    }

    @Override
    public synchronized void write(ByteBuf chunk, boolean last, CompletableFuture<Void> done) {
        if (failed) {
            // under the lock again: an abort on another thread may come between FramedBody's check and here
            chunk.release();
            done.completeExceptionally(new ClosedChannelException());
            return;
        }
        if (!gather(chunk)) {
            done.completeExceptionally(new IllegalStateException("response body exceeds maxBodySize"));
            return;
        }
        if (!last) {
            done.complete(null);
            return;
        }
        ByteBuf all = body;
        body = null;
        try {
            conn.eventLoop().execute(() -> send(all));
            done.complete(null);
        } catch (RejectedExecutionException loopGone) {
            if (all != null) {
                all.release();
            }
            done.completeExceptionally(new ClosedChannelException());
        }
    }

    private boolean gather(ByteBuf chunk) {
        size += chunk.readableBytes();
        if (size > limit) {
            chunk.release();
            failed = true;
            releaseBody();
            conn.server.log().warn("Streamed response over maxBodySize ({} bytes) on a teleport connection: aborted",
                    limit);
            e.pool().abortAnyThread(e);
            return false;
        }
        if (!chunk.isReadable()) {
            // the empty last chunk of a body without a compressor tail
            chunk.release();
            return true;
        }
        if (body == null) {
            body = conn.alloc().compositeBuffer(Integer.MAX_VALUE);
        }
        body.addComponent(true, chunk);
        return true;
    }

    /** Drops the gathered body and closes the connection. */
    @Override
    public synchronized void abort() {
        failed = true;
        releaseBody();
        e.pool().abortAnyThread(e);
    }

    /** Event loop: the gathered body (or null: none) goes out as a whole response. */
    private void send(ByteBuf all) {
        ResponseBody whole = e.response.body();
        if (all == null) {
            whole.none(defaultType);
        } else {
            whole.buffer(all, defaultType);
        }
        conn.respond(e, whole);
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
    }
}
