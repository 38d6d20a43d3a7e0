package dev.pronto.core.internal.exchange;

import dev.pronto.core.internal.util.DateHeader;
import dev.pronto.wire.Ascii;
import io.netty.buffer.ByteBuf;

/** Encodes an HTTP/1.1 response head (status line, fields, framing, Date, Connection) into a buffer. */
public final class Http1Head {
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length: ");
    private static final byte[] CLOSE = Ascii.bytes("Connection: close\r\n");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("Connection: keep-alive\r\n");
    private static final byte[] CHUNKED = Ascii.bytes("Transfer-Encoding: chunked\r\n");

    private Http1Head() {
    }

    /** Writes the head of {@code e}'s response into {@code out}; {@code length} -1 means chunked. */
    public static void encode(ByteBuf out, Exchange e, long length, String defaultType) {
        encode(e, length, defaultType).writeTo(out);
    }

    /** The head of {@code e}'s response, in the calling thread's {@link HeadBytes}; {@code length} -1 means chunked. */
    public static HeadBytes encode(Exchange e, long length, String defaultType) {
        return encode(e, length, defaultType, DateHeader.line());
    }

    /** As {@link #encode(Exchange, long, String)}, with the {@code Date} line to send. */
    public static HeadBytes encode(Exchange e, long length, String defaultType, byte[] dateLine) {
        HeadBytes out = HeadBytes.local();
        ServerResponse res = e.response;
        int status = res.status();
        boolean http11 = e.head.http11;
        out.bytes(Status.line(status, http11));
        res.headers().encode(out, length != 0 && !Status.bodiless(status) ? defaultType : null);
        if (length < 0) {
            out.bytes(CHUNKED);
        } else if (!Status.bodiless(status)) {
            out.bytes(CONTENT_LENGTH);
            out.decimal(length);
            out.pair(ResponseHeaders.CRLF_SHORT);
        }
        out.bytes(dateLine);
        if (e.stream != null && !e.stream.finished()) {
            // the rest of the request body would be read as the next request: close after this one
            e.closeAfter = true;
        }
        if (e.closeAfter || e.carrier.draining()) {
            e.closeAfter = true;
            out.bytes(CLOSE);
        } else if (!http11) {
            out.bytes(KEEP_ALIVE);
        }
        out.pair(ResponseHeaders.CRLF_SHORT);
        return out;
    }
}
