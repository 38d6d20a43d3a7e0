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

    /**
     * What a response head is made of: one call per head writes the status line and the fields and
     * tells the rest as flags, so encoding a head costs one call into its source.
     */
    public interface Source {
        /** Flag of {@link #head}: the status forbids a body (1xx, 204, 304), so no framing field is written. */
        int BODILESS = 1;
        /** Flag of {@link #head}: the connection closes after this response. */
        int CLOSES = 2;
        /** Flag of {@link #head}: the request was HTTP/1.0, so its client is told {@code keep-alive} explicitly. */
        int HTTP10 = 4;

        /**
         * Writes the status line and then the header fields, each ending in CRLF, into {@code out}, and
         * returns the flags ({@link #BODILESS}, {@link #CLOSES}, {@link #HTTP10}) that apply. Without a
         * {@code Content-Type} field of its own, a response whose status allows a body gets
         * {@code defaultType} (null: none). Whether the connection closes is decided last, once the
         * fields are written. Called once per head, on the thread that encodes it.
         */
        int head(HeadBytes out, CharSequence defaultType);
    }

    /** Writes the head of {@code s} into {@code out}; {@code length} -1 means chunked. */
    public static void encode(ByteBuf out, Source s, long length, String defaultType, byte[] dateLine) {
        encode(s, length, defaultType, dateLine).writeTo(out);
    }

    /** The head of {@code s} in the calling thread's {@link HeadBytes}; {@code length} -1 means chunked. */
    public static HeadBytes encode(Source s, long length, String defaultType, byte[] dateLine) {
        HeadBytes out = HeadBytes.local();
        int flags = s.head(out, length != 0 ? defaultType : null);
        if (length < 0) {
            out.bytes(CHUNKED);
        } else if ((flags & Source.BODILESS) == 0) {
            out.bytes(CONTENT_LENGTH);
            out.decimal(length);
            out.pair(HeadBytes.CRLF);
        }
        out.bytes(dateLine);
        if ((flags & Source.CLOSES) != 0) {
            out.bytes(CLOSE);
        } else if ((flags & Source.HTTP10) != 0) {
            out.bytes(KEEP_ALIVE);
        }
        out.pair(HeadBytes.CRLF);
        return out;
    }
}
