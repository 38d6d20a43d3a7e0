package dev.pronto.core.internal.http1;

import dev.pronto.core.internal.content.BodySink;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.exchange.ResponseBody;
import dev.pronto.core.internal.exchange.ResponseHeaders;
import dev.pronto.wire.Ascii;
import dev.pronto.wire.HeadBytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.concurrent.EventExecutor;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The HTTP/1.1 half of a streamed response ({@link FramedBody} is the other): the head with
 * {@code Transfer-Encoding: chunked}, then each chunk as one pooled buffer holding size, data and CRLF,
 * then the last chunk with the trailers. Every part goes through the connection's {@link ResponseQueue},
 * so a response behind others in the pipeline waits its turn; a chunk's stage completes once the channel
 * has written it. Event loop, as {@link FramedBody} calls it.
 */
final class H1BodySink implements BodySink {
    private static final byte[] LAST = Ascii.bytes("0\r\n");

    private final HttpConnection conn;
    private final Exchange e;
    private boolean withBody;

    H1BodySink(HttpConnection conn, Exchange e) {
        this.conn = conn;
        this.e = e;
    }

    @Override
    public ByteBufAllocator alloc() {
        return conn.alloc();
    }

    @Override
    public EventExecutor loop() {
        return conn.eventLoop();
    }

    @Override
    public boolean writable() {
        return !conn.closing();
    }

    @Override
    public void start(String defaultType) {
        withBody = ResponseBody.hasBody(e);
        conn.startStream(e, defaultType);
    }

    @Override
    public void write(ByteBuf chunk, boolean last, CompletableFuture<Void> done) {
        if (withBody) {
            conn.queue.writeChunk(e, new PromisedChunk(frame(chunk, last), done));
        } else {
            // a HEAD request's streamed response: the head alone, its chunks only counted as written
            chunk.release();
            done.complete(null);
        }
        if (last) {
            finish();
        }
    }

    /** {@code chunk} (released) as one chunk of the body, followed by the last chunk when {@code last}. */
    private ByteBuf frame(ByteBuf chunk, boolean last) {
        int length = chunk.readableBytes();
        ByteBuf buf = conn.alloc().ioBuffer(length + (last ? 32 : 16));
        if (length > 0) {
            buf.writeCharSequence(Integer.toHexString(length), StandardCharsets.US_ASCII);
            buf.writeShort(ResponseHeaders.CRLF_SHORT);
            buf.writeBytes(chunk, chunk.readerIndex(), length);
            buf.writeShort(ResponseHeaders.CRLF_SHORT);
        }
        chunk.release();
        if (last) {
            lastChunk(buf);
        }
        return buf;
    }

    /** Appends the last chunk, with the trailer section when the handler set trailers. */
    private void lastChunk(ByteBuf buf) {
        buf.writeBytes(LAST);
        ResponseHeaders trailers = e.response.sealTrailers();
        if (trailers != null) {
            HeadBytes fields = HeadBytes.local();
            trailers.encode(fields, null);
            fields.writeTo(buf);
        }
        buf.writeShort(ResponseHeaders.CRLF_SHORT);
    }

    @Override
    public void finish() {
        conn.queue.endStream(e);
    }

    /** Closes the connection: HTTP/1.1 has no other way to say the body is incomplete. */
    @Override
    public void abort() {
        e.pool().abortAnyThread(e);
    }
}
