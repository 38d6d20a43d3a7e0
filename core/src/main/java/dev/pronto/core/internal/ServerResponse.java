package dev.pronto.core.internal;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.ContentCoding;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Response;
import dev.pronto.router.Method;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.DefaultFileRegion;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * The response side of an exchange. Encodes the status line, headers and body straight into one
 * pooled direct buffer (two parts only for large buffers and files) and hands them to the
 * connection's sequencer. May be called from any thread once the handler went async.
 */
final class ServerResponse implements Response {
    static final String TEXT = "text/plain; charset=utf-8";
    static final String BYTES = "application/octet-stream";
    static final String JSON = "application/json";
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length: ");
    private static final byte[] CLOSE = Ascii.bytes("Connection: close\r\n");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("Connection: keep-alive\r\n");
    private static final byte[] CHUNKED = Ascii.bytes("Transfer-Encoding: chunked\r\n");
    private static final int COPY_LIMIT = 2048;

    private final Exchange e;
    private final ResponseHeaders headers = new ResponseHeaders();
    private int status = 200;
    private boolean sent;
    boolean asyncRequested;

    ServerResponse(Exchange e) {
        this.e = e;
    }

    Exchange e() {
        return e;
    }

    void clear() {
        headers.clear();
        status = 200;
        sent = false;
        asyncRequested = false;
    }

    /** Resets status and headers before an error handler writes its own answer. */
    void resetForError(int code) {
        headers.clear();
        status = code;
    }

    @Override
    public Response status(int code) {
        if (code < 100 || code > 599) {
            throw new IllegalArgumentException("status must be in 100..599, got " + code);
        }
        status = code;
        return this;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public Response header(CharSequence name, CharSequence value) {
        checkNotSent();
        headers.add(name, value);
        return this;
    }

    @Override
    public Response contentType(CharSequence value) {
        checkNotSent();
        headers.contentType(value);
        return this;
    }

    @Override
    public Response async() {
        asyncRequested = true;
        return this;
    }

    @Override
    public boolean sent() {
        return sent;
    }

    @Override
    public void send() {
        markSent();
        ByteBuf out = e.conn.alloc().ioBuffer(160 + headers.estimate());
        writeHead(out, 0, null);
        e.conn.queue.complete(e, out, null);
    }

    @Override
    public void send(CharSequence body) {
        Objects.requireNonNull(body, "body");
        int length = ByteBufUtil.utf8Bytes(body);
        if (mayCompress(length)) {
            ByteBuf buf = e.conn.alloc().ioBuffer(length);
            ByteBufUtil.reserveAndWriteUtf8(buf, body, length);
            sendBuffer(buf, TEXT);
            return;
        }
        markSent();
        ByteBuf out = e.conn.alloc().ioBuffer(160 + headers.estimate() + length);
        writeHead(out, length, TEXT);
        if (hasBody()) {
            ByteBufUtil.reserveAndWriteUtf8(out, body, length);
        }
        e.conn.queue.complete(e, out, null);
    }

    @Override
    public void send(byte[] body) {
        Objects.requireNonNull(body, "body");
        if (mayCompress(body.length)) {
            sendBuffer(e.conn.alloc().ioBuffer(body.length).writeBytes(body), BYTES);
            return;
        }
        markSent();
        ByteBuf out = e.conn.alloc().ioBuffer(160 + headers.estimate() + body.length);
        writeHead(out, body.length, BYTES);
        if (hasBody()) {
            out.writeBytes(body);
        }
        e.conn.queue.complete(e, out, null);
    }

    @Override
    public void send(ByteBuf body) {
        Objects.requireNonNull(body, "body");
        sendBuffer(body, BYTES);
    }

    @Override
    public void send(CompletionStage<?> stage) {
        Objects.requireNonNull(stage, "stage");
        asyncRequested = true;
        stage.whenComplete((value, error) -> Dispatch.completeWith(e, value, error));
    }

    @Override
    public void json(Object value) {
        Objects.requireNonNull(value, "value");
        ByteBuf body = e.conn.alloc().ioBuffer(512);
        try {
            e.conn.server.json().write(value, body);
        } catch (RuntimeException ex) {
            body.release();
            throw ex;
        }
        sendBuffer(body, JSON);
    }

    @Override
    public void redirect(String location) {
        redirect(302, location);
    }

    @Override
    public void redirect(int code, String location) {
        if (code != 301 && code != 302 && code != 303 && code != 307 && code != 308) {
            throw new IllegalArgumentException("redirect status must be 301, 302, 303, 307 or 308, got " + code);
        }
        status(code).header("Location", location).send();
    }

    @Override
    public void sendFile(Path file) {
        Objects.requireNonNull(file, "file");
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new NotFoundException("Not Found");
        }
        sendFileRange(file, 0, -1);
    }

    /**
     * Sends {@code length} bytes of {@code file} from {@code offset} (-1: to the end) as a zero-copy
     * region, with the current status and headers.
     */
    void sendFileRange(Path file, long offset, long length) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            long size = length < 0 ? channel.size() - offset : length;
            if (headers.contentType() == null) {
                headers.contentType(MimeTypes.of(file.getFileName().toString()));
            }
            markSent();
            ByteBuf head = e.conn.alloc().ioBuffer(200 + headers.estimate());
            writeHead(head, size, BYTES);
            if (hasBody() && size > 0) {
                e.conn.queue.complete(e, head, new DefaultFileRegion(channel, offset, size));
            } else {
                channel.close();
                e.conn.queue.complete(e, head, null);
            }
        } catch (IOException ex) {
            closeQuietly(channel);
            throw new NotFoundException("Not Found", ex);
        } catch (RuntimeException | Error ex) {
            closeQuietly(channel);
            throw ex;
        }
    }

    /** Sends {@code body} (owned by this call) as it is: no compression, no default type. */
    void sendPrepared(ByteBuf body) {
        markSentOrRelease(body);
        emit(body, BYTES);
    }

    @Override
    public BodyWriter stream() {
        ContentCoding coding = negotiate(-1, BYTES);
        markSent();
        ByteBuf head = e.conn.alloc().ioBuffer(200 + headers.estimate());
        writeHead(head, -1, BYTES);
        StreamCompressor compressor = coding == null || !hasBody() ? null
                : new StreamCompressor(coding, e.conn.server.compressors().config(), e.conn.alloc());
        ChunkedWriter writer = new ChunkedWriter(e, hasBody(), compressor);
        e.conn.queue.startStream(e, head);
        return writer;
    }

    /** Sends {@code body} (owned by this call) with {@code defaultType} unless a type was set. */
    void sendBuffer(ByteBuf body, String defaultType) {
        markSentOrRelease(body);
        emit(compress(body, defaultType), defaultType);
    }

    private void markSentOrRelease(ByteBuf body) {
        try {
            markSent();
        } catch (IllegalStateException ex) {
            body.release();
            throw ex;
        }
    }

    /** Writes the head and {@code body} (owned here): copied behind the head when small, else a second part. */
    private void emit(ByteBuf body, String defaultType) {
        int length = body.readableBytes();
        boolean copy = length <= COPY_LIMIT || !hasBody();
        ByteBuf out = e.conn.alloc().ioBuffer(160 + headers.estimate() + (copy ? length : 0));
        writeHead(out, length, defaultType);
        if (copy) {
            if (hasBody()) {
                out.writeBytes(body, body.readerIndex(), length);
            }
            body.release();
            e.conn.queue.complete(e, out, null);
        } else {
            e.conn.queue.complete(e, out, body);
        }
    }

    private boolean mayCompress(int length) {
        Compressors c = e.conn.server.compressors();
        return c != null && length >= c.config().minSize();
    }

    /** The body to send: {@code body} itself, or its compressed form (then {@code body} is released). */
    private ByteBuf compress(ByteBuf body, String defaultType) {
        ContentCoding coding = negotiate(body.readableBytes(), defaultType);
        if (coding == null) {
            return body;
        }
        try {
            return e.conn.server.compressors().compress(coding, body, e.conn.alloc());
        } finally {
            body.release();
        }
    }

    /** The coding for a body of {@code length} bytes, adding Vary and Content-Encoding; null for identity. */
    private ContentCoding negotiate(long length, String defaultType) {
        Compressors c = e.conn.server.compressors();
        CharSequence type = headers.contentType() != null ? headers.contentType() : defaultType;
        if (c == null || (length >= 0 && length < c.config().minSize()) || Status.bodiless(status)
                || !c.config().compresses(type) || headers.has("Content-Encoding")) {
            return null;
        }
        headers.add("Vary", "Accept-Encoding");
        CharSequence accept = e.request.peekHeader("accept-encoding");
        if (accept == null) {
            return null;
        }
        ContentCoding best = AcceptEncoding.negotiate(accept, c.offered());
        if (best != null) {
            headers.add("Content-Encoding", best.token());
        }
        return best;
    }

    private boolean hasBody() {
        return e.head.method != Method.HEAD && !Status.bodiless(status);
    }

    private void markSent() {
        checkNotSent();
        if (!e.life.onSend().isEmpty()) {
            for (dev.pronto.core.SendHook hook : e.life.onSend()) {
                hook.handle(e.request, this);
            }
        }
        sent = true;
    }

    private void checkNotSent() {
        if (sent) {
            throw new IllegalStateException("response already sent for " + e.head.method + " " + e.request.rawPath());
        }
    }

    /** Writes the head; {@code length} -1 means chunked. */
    private void writeHead(ByteBuf out, long length, String defaultType) {
        boolean http11 = e.head.http11;
        out.writeBytes(Status.line(status, http11));
        headers.encode(out, length != 0 && !Status.bodiless(status) ? defaultType : null);
        if (length < 0) {
            out.writeBytes(CHUNKED);
        } else if (!Status.bodiless(status)) {
            out.writeBytes(CONTENT_LENGTH);
            writeDecimal(out, length);
            out.writeShort(ResponseHeaders.CRLF_SHORT);
        }
        out.writeBytes(DateHeader.line());
        if (e.stream != null && !e.stream.finished()) {
            e.closeAfter = true;
        }
        if (e.closeAfter || e.conn.draining()) {
            e.closeAfter = true;
            out.writeBytes(CLOSE);
        } else if (!http11) {
            out.writeBytes(KEEP_ALIVE);
        }
        out.writeShort(ResponseHeaders.CRLF_SHORT);
    }

    static void writeDecimal(ByteBuf out, long v) {
        int n = Ascii.digits(v);
        int end = out.writerIndex() + n;
        out.ensureWritable(n);
        for (int i = end - 1; i >= end - n; i--) {
            out.setByte(i, (int) ('0' + v % 10));
            v /= 10;
        }
        out.writerIndex(end);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already failing: the original error is the one reported
            }
        }
    }
}
