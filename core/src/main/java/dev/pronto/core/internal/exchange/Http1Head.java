package dev.pronto.core.internal.exchange;

import dev.pronto.core.internal.util.DateHeader;
import dev.pronto.wire.Ascii;
import dev.pronto.router.Method;
import io.netty.buffer.ByteBuf;

/** Encodes an HTTP/1.1 response head (status line, fields, framing, Date, Connection) into a buffer. */
public final class Http1Head {
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length: ");
    private static final byte[] CLOSE = Ascii.bytes("Connection: close\r\n");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("Connection: keep-alive\r\n");
    private static final byte[] CHUNKED = Ascii.bytes("Transfer-Encoding: chunked\r\n");

    private Http1Head() {
    }

    /** Writes the head of {@code e}'s response; {@code length} -1 means chunked. */
    public static void encode(ByteBuf out, Exchange e, long length, String defaultType) {
        ServerResponse res = e.response;
        int status = res.status();
        boolean http11 = e.head.http11;
        out.writeBytes(Status.line(status, http11));
        res.headers().encode(out, length != 0 && !Status.bodiless(status) ? defaultType : null);
        if (length < 0) {
            out.writeBytes(CHUNKED);
        } else if (!Status.bodiless(status)) {
            out.writeBytes(CONTENT_LENGTH);
            writeDecimal(out, length);
            out.writeShort(ResponseHeaders.CRLF_SHORT);
        }
        out.writeBytes(DateHeader.line());
        if (e.stream != null && !e.stream.finished()) {
            // the rest of the request body would be read as the next request: close after this one
            e.closeAfter = true;
        }
        if (e.closeAfter || e.carrier.draining()) {
            e.closeAfter = true;
            out.writeBytes(CLOSE);
        } else if (!http11) {
            out.writeBytes(KEEP_ALIVE);
        }
        out.writeShort(ResponseHeaders.CRLF_SHORT);
    }

    /** Whether a response to {@code e} with {@code status} carries body bytes. */
    public static boolean hasBody(Exchange e, int status) {
        return e.head.method != Method.HEAD && !Status.bodiless(status);
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
}
