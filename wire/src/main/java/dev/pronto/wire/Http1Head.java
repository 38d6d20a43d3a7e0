package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * Encodes an HTTP/1.1 response head (status line, fields, framing, Date, Connection), the format the
 * server's HTTP/1.1 and teleport carriers share. What goes in it comes from a {@link Source}: the
 * server's exchange. Any thread; the result is the calling thread's {@link HeadBytes}.
 */
public final class Http1Head {
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length: ");
    private static final byte[] CLOSE = Ascii.bytes("Connection: close\r\n");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("Connection: keep-alive\r\n");
    private static final byte[] CHUNKED = Ascii.bytes("Transfer-Encoding: chunked\r\n");

    private Http1Head() {
    }

    /** What a response head is made of, read once per head in this order. */
    public interface Source {
        /** Whether the request was HTTP/1.1 (an HTTP/1.0 client is told {@code keep-alive} explicitly). */
        boolean http11();

        /** The status line, CRLF included. */
        byte[] statusLine();

        /** Whether the status forbids a body (1xx, 204, 304): no framing field. */
        boolean bodiless();

        /** Writes the header fields, each ending in CRLF; {@code defaultType} (or null) when none is set. */
        void fields(HeadBytes out, CharSequence defaultType);

        /** Whether the connection closes after this response; asked last, once the rest is written. */
        boolean closes();
    }

    /** Writes the head of {@code s} into {@code out}; {@code length} -1 means chunked. */
    public static void encode(ByteBuf out, Source s, long length, String defaultType, byte[] dateLine) {
        encode(s, length, defaultType, dateLine).writeTo(out);
    }

    /** The head of {@code s} in the calling thread's {@link HeadBytes}; {@code length} -1 means chunked. */
    public static HeadBytes encode(Source s, long length, String defaultType, byte[] dateLine) {
        HeadBytes out = HeadBytes.local();
        boolean http11 = s.http11();
        out.bytes(s.statusLine());
        boolean bodiless = s.bodiless();
        s.fields(out, length != 0 && !bodiless ? defaultType : null);
        if (length < 0) {
            out.bytes(CHUNKED);
        } else if (!bodiless) {
            out.bytes(CONTENT_LENGTH);
            out.decimal(length);
            out.pair(HeadBytes.CRLF);
        }
        out.bytes(dateLine);
        if (s.closes()) {
            out.bytes(CLOSE);
        } else if (!http11) {
            out.bytes(KEEP_ALIVE);
        }
        out.pair(HeadBytes.CRLF);
        return out;
    }
}
