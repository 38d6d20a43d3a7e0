package dev.pronto.core.internal.teleport;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.Http1Head;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A streamed response on a teleport connection. The protocol frames every response by
 * Content-Length and interleaves whole messages, so the chunks are gathered (without copying)
 * and the response leaves, framed, when the body ends. A body over {@code maxBodySize} aborts the
 * response and closes the connection; trailers are not carried. Writes complete at once: the
 * gathered bytes are the backpressure bound. Any thread; chunks are gathered in call order.
 */
final class TeleportBodyWriter implements BodyWriter {
    private final TeleportConnection conn;
    private final Exchange e;
    private final String defaultType;
    private final StreamCompressor compressor;
    private final long limit;
    private CompositeByteBuf body;
    private long size;
    private boolean ended;
    private boolean failed;

    TeleportBodyWriter(TeleportConnection conn, Exchange e, String defaultType, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.defaultType = defaultType;
        this.compressor = compressor;
        this.limit = conn.server.config().maxBodySize();
        if (compressor != null) {
            compressor.closeWith(conn.channel());
        }
    }

    @Override
    public CompletionStage<Void> write(CharSequence chunk) {
        int length = ByteBufUtil.utf8Bytes(chunk);
        ByteBuf data = conn.alloc().ioBuffer(length);
        ByteBufUtil.reserveAndWriteUtf8(data, chunk, length);
        return write(data);
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return write(conn.alloc().ioBuffer(chunk.length).writeBytes(chunk));
    }

    @Override
    public synchronized CompletionStage<Void> write(ByteBuf chunk) {
        if (ended) {
            chunk.release();
            throw new IllegalStateException("body already ended");
        }
        if (failed || !chunk.isReadable()) {
            chunk.release();
            return failed ? CompletableFuture.failedFuture(new ClosedChannelException()) : CompletableFuture.completedFuture(null);
        }
        if (compressor != null) {
            chunk = compressor.compressAndRelease(chunk);
            if (chunk == null) {
                return CompletableFuture.failedFuture(new ClosedChannelException());
            }
        }
        return gather(chunk);
    }

    private CompletionStage<Void> gather(ByteBuf chunk) {
        size += chunk.readableBytes();
        if (size > limit) {
            chunk.release();
            failed = true;
            releaseBody();
            conn.server.log().warn("Streamed response over maxBodySize ({} bytes) on a teleport connection: aborted", limit);
            conn.abort(e);
            return CompletableFuture.failedFuture(new IllegalStateException("response body exceeds maxBodySize"));
        }
        if (body == null) {
            body = conn.alloc().compositeBuffer(Integer.MAX_VALUE);
        }
        body.addComponent(true, chunk);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public synchronized CompletionStage<Void> end() {
        if (ended) {
            throw new IllegalStateException("body already ended");
        }
        ended = true;
        if (failed) {
            return CompletableFuture.failedFuture(new ClosedChannelException());
        }
        if (compressor != null) {
            ByteBuf tail = compressor.finish();
            if (tail != null) {
                gather(tail);
            }
        }
        if (failed) {
            return CompletableFuture.failedFuture(new IllegalStateException("response body exceeds maxBodySize"));
        }
        e.response.sealTrailers();
        ByteBuf all = body;
        body = null;
        try {
            conn.eventLoop().execute(() -> send(all));
        } catch (java.util.concurrent.RejectedExecutionException loopGone) {
            if (all != null) {
                all.release();
            }
            return CompletableFuture.failedFuture(new ClosedChannelException());
        }
        return CompletableFuture.completedFuture(null);
    }

    /** Drops the gathered body and closes the connection. */
    @Override
    public synchronized void abort() {
        if (ended) {
            return;
        }
        ended = true;
        failed = true;
        releaseBody();
        conn.abort(e);
    }

    private void send(ByteBuf all) {
        long length = all == null ? 0 : all.readableBytes();
        ByteBuf head = conn.head(e, length, defaultType, 0);
        if (all != null && Http1Head.hasBody(e, e.response.status())) {
            conn.complete(e, head, all);
        } else {
            if (all != null) {
                all.release();
            }
            conn.complete(e, head, null);
        }
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
    }
}
