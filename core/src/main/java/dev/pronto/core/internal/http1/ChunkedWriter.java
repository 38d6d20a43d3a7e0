package dev.pronto.core.internal.http1;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.core.internal.exchange.Exchange.HeldPart;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ResponseHeaders;
import dev.pronto.wire.Ascii;
import dev.pronto.wire.HeadBytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelPromise;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Frames a streamed body as chunks; each chunk is one pooled buffer holding size, data and CRLF. */
public final class ChunkedWriter implements BodyWriter {
    private static final byte[] LAST = Ascii.bytes("0\r\n\r\n");

    private final HttpConnection conn;
    private final Exchange e;
    private final boolean withBody;
    private final StreamCompressor compressor;
    private volatile boolean ended;

    ChunkedWriter(HttpConnection conn, Exchange e, boolean withBody, StreamCompressor compressor) {
        this.conn = conn;
        this.e = e;
        this.withBody = withBody;
        this.compressor = compressor;
        if (compressor != null) {
            compressor.closeWith(conn.ctx().channel());
        }
    }

    /** The compressor of this stream, or null (for tests). */
    public StreamCompressor compressor() {
        return compressor;
    }

    @Override
    public CompletionStage<Void> write(CharSequence chunk) {
        int length = ByteBufUtil.utf8Bytes(chunk);
        if (compressor != null) {
            ByteBuf data = conn.alloc().ioBuffer(length);
            ByteBufUtil.reserveAndWriteUtf8(data, chunk, length);
            return write(data);
        }
        ByteBuf buf = frame(length);
        ByteBufUtil.reserveAndWriteUtf8(buf, chunk, length);
        return send(buf, length);
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        if (compressor != null) {
            return write(conn.alloc().ioBuffer(chunk.length).writeBytes(chunk));
        }
        ByteBuf buf = frame(chunk.length);
        buf.writeBytes(chunk);
        return send(buf, chunk.length);
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        if (compressor != null && chunk.isReadable()) {
            chunk = compressor.compressAndRelease(chunk);
            if (chunk == null) {
                return CompletableFuture.failedFuture(new ClosedChannelException());
            }
        }
        int length = chunk.readableBytes();
        try {
            ByteBuf buf = frame(length);
            buf.writeBytes(chunk, chunk.readerIndex(), length);
            return send(buf, length);
        } finally {
            chunk.release();
        }
    }

    @Override
    public CompletionStage<Void> end() {
        checkOpen();
        if (compressor != null) {
            ByteBuf tail = compressor.finish();
            if (tail != null) {
                int length = tail.readableBytes();
                ByteBuf buf = frame(length).writeBytes(tail);
                tail.release();
                send(buf, length);
            }
        }
        ended = true;
        ResponseHeaders trailers = e.response.sealTrailers();
        CompletionStage<Void> done = withBody ? push(lastChunk(trailers)) : CompletableFuture.completedFuture(null);
        conn.queue.endStream(e);
        return done;
    }

    /** The last chunk, with the trailer section when the handler set trailers. */
    private ByteBuf lastChunk(ResponseHeaders trailers) {
        if (trailers == null) {
            return conn.alloc().ioBuffer(LAST.length).writeBytes(LAST);
        }
        HeadBytes fields = HeadBytes.local();
        trailers.encode(fields, null);
        ByteBuf buf = conn.alloc().ioBuffer(fields.length() + 5);
        buf.writeByte('0').writeShort(ResponseHeaders.CRLF_SHORT);
        fields.writeTo(buf);
        return buf.writeShort(ResponseHeaders.CRLF_SHORT);
    }

    private ByteBuf frame(int length) {
        checkOpen();
        ByteBuf buf = conn.alloc().ioBuffer(length + 16);
        buf.writeCharSequence(Integer.toHexString(length), StandardCharsets.US_ASCII);
        buf.writeShort(ResponseHeaders.CRLF_SHORT);
        return buf;
    }

    private CompletionStage<Void> send(ByteBuf buf, int length) {
        if (length == 0 || !withBody) {
            buf.release();
            return CompletableFuture.completedFuture(null);
        }
        buf.writeShort(ResponseHeaders.CRLF_SHORT);
        return push(buf);
    }

    private CompletionStage<Void> push(ByteBuf buf) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        conn.queue.writeChunk(e, new PromisedChunk(buf, done));
        return done;
    }

    /** Closes the connection: HTTP/1.1 has no other way to say the body is incomplete. */
    @Override
    public void abort() {
        if (ended) {
            return;
        }
        ended = true;
        conn.abort(e);
    }

    private void checkOpen() {
        if (ended) {
            throw new IllegalStateException("body already ended");
        }
    }

    /** A chunk and the future completed once the channel has written it. */
    public record PromisedChunk(ByteBuf buf, CompletableFuture<Void> done) implements HeldPart {
        @Override
        public void drop() {
            buf.release();
            done.completeExceptionally(new java.nio.channels.ClosedChannelException());
        }

        void writeTo(HttpConnection conn) {
            ChannelPromise p = conn.newPromise();
            p.addListener(f -> {
                if (f.isSuccess()) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(f.cause());
                }
            });
            conn.writeWithPromise(buf, p);
        }
    }
}
