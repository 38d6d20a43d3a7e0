package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * Incremental decoder of a chunked body (RFC 9112 §7.1) for the server's requests and the client's
 * responses: strict hexadecimal sizes, extensions and trailer fields, resumable across reads.
 * Extensions and trailer fields are validated, counted against one limit and dropped. Errors are
 * kept as a status with a message, never thrown.
 *
 * <p>Either {@link #decode} copies the data into a body buffer, or the caller drives
 * {@link #next}: on {@link #DATA} it takes up to {@link #available} bytes from the input itself and
 * reports them with {@link #consumed}. The input's consumed prefix is discarded as decoding goes
 * when nothing else holds the buffer, so a long body does not keep every read alive.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class ChunkedDecoder {
    /** More input is needed. */
    public static final int MORE = 0;
    /** The body ended with its trailer section; the input's reader index is just past it. */
    public static final int DONE = 1;
    /** The body is malformed or over a limit; see {@link #errorStatus()}. */
    public static final int ERROR = 2;
    /** Chunk data is next in the input: take {@link #available} bytes, then call {@link #consumed}. */
    public static final int DATA = 3;

    private static final int AGAIN = -1;
    private static final int SIZE = 0;
    private static final int IN_DATA = 1;
    private static final int DATA_END = 2;
    private static final int TRAILER = 3;
    private static final int MAX_LINE = 4096;

    private final long maxBody;
    private final int maxMetadata;
    private int state;
    private long remaining;
    private long total;
    private int metadata;
    private byte[] line;
    public int errorStatus;
    public String errorMessage;

    /**
     * A decoder for bodies of at most {@code maxBody} data bytes (413 beyond) and at most
     * {@code maxMetadata} bytes of chunk extensions and trailer fields together (431 beyond).
     */
    public ChunkedDecoder(long maxBody, int maxMetadata) {
        this.maxBody = maxBody;
        this.maxMetadata = maxMetadata;
    }

    /** Prepares for the next body. */
    public void reset() {
        state = SIZE;
        remaining = 0;
        total = 0;
        metadata = 0;
        errorStatus = 0;
        errorMessage = null;
    }

    /**
     * Consumes what it can of {@code in}, appending the data to {@code body}.
     * Neither buffer is released here; the caller owns both.
     *
     * @return {@link #MORE}, {@link #DONE} or {@link #ERROR}
     */
    public int decode(ByteBuf in, ByteBuf body) {
        int r;
        while ((r = next(in)) == DATA) {
            int n = available(in);
            body.writeBytes(in, n);
            consumed(n);
        }
        return r;
    }

    /**
     * Consumes framing from {@code in} up to the next chunk data, the end of the body, the end of
     * the input or an error. Does not release {@code in}.
     *
     * @return {@link #DATA}, {@link #MORE}, {@link #DONE} or {@link #ERROR}
     */
    public int next(ByteBuf in) {
        while (true) {
            int r = switch (state) {
                case SIZE -> size(in);
                case IN_DATA -> in.isReadable() ? DATA : MORE;
                case DATA_END -> dataEnd(in);
                default -> trailer(in);
            };
            if (r == MORE && in.refCnt() == 1 && !in.isReadOnly()) {
                in.discardSomeReadBytes();
            }
            if (r != AGAIN) {
                return r;
            }
        }
    }

    /** How many of {@code in}'s readable bytes are data of the current chunk. */
    public int available(ByteBuf in) {
        return (int) Math.min(remaining, in.readableBytes());
    }

    /** Records that the caller took {@code n} data bytes (at most {@link #available}) from the input. */
    public void consumed(int n) {
        remaining -= n;
        if (remaining == 0) {
            state = DATA_END;
        }
    }

    /** The sum of the chunk sizes announced so far. */
    public long total() {
        return total;
    }

    /** The status of the error (400, 413 or 431), valid after {@link #ERROR}. */
    public int errorStatus() {
        return errorStatus;
    }

    /** What was wrong, valid after {@link #ERROR}. */
    public String errorMessage() {
        return errorMessage;
    }

    private int size(ByteBuf in) {
        int lf = lineEnd(in);
        if (lf < 0) {
            return lineError(lf, "chunk size");
        }
        int start = in.readerIndex();
        long size = 0;
        int i = start;
        for (int d; i < lf - 1 && (d = Ascii.hex(in.getByte(i))) >= 0; i++) {
            if (size > Long.MAX_VALUE >> 4) {
                return error(400, "Chunk size too large");
            }
            size = size << 4 | d;
        }
        if (i == start || !ChunkExtensions.valid(in, i, lf - 1)) {
            return error(400, "Malformed chunk size line \"" + excerpt(in, start, lf - 1 - start)
                    + "\": expected hexadecimal digits, then optional ;extensions");
        }
        metadata += lf - 1 - i;
        if (metadata > maxMetadata) {
            return tooMuchMetadata();
        }
        in.readerIndex(lf + 1);
        if (size > Long.MAX_VALUE - total) {
            return error(400, "Chunk size too large");
        }
        total += size;
        if (total > maxBody) {
            return error(413, "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)");
        }
        remaining = size;
        state = size == 0 ? TRAILER : IN_DATA;
        return AGAIN;
    }

    private int dataEnd(ByteBuf in) {
        if (in.readableBytes() < 2) {
            return MORE;
        }
        int i = in.readerIndex();
        if (in.getByte(i) != Ascii.CR || in.getByte(i + 1) != Ascii.LF) {
            return error(400, "Malformed chunk: data must be followed by CRLF");
        }
        in.skipBytes(2);
        state = SIZE;
        return AGAIN;
    }

    private int trailer(ByteBuf in) {
        int lf = lineEnd(in);
        if (lf < 0) {
            return lineError(lf, "trailer field");
        }
        int start = in.readerIndex();
        int length = lf + 1 - start;
        metadata += length;
        if (metadata > maxMetadata) {
            return tooMuchMetadata();
        }
        in.readerIndex(lf + 1);
        if (length == 2) {
            return DONE;
        }
        if (line == null || line.length < length) {
            line = new byte[Math.max(length, 256)];
        }
        in.getBytes(start, line, 0, length);
        long field = Http1Grammar.fieldLine(line, 0);
        return field >= 0 ? AGAIN : error(400, "Malformed trailer field \"" + Ascii.excerpt(line, 0, length - 2)
                + "\": " + Http1Grammar.describe((int) field));
    }

    /** Index of the LF ending the current line; -1 when incomplete, -2 when too long, -3 when not CRLF. */
    private static int lineEnd(ByteBuf in) {
        int start = in.readerIndex();
        int limit = Math.min(in.writerIndex(), start + MAX_LINE);
        int lf = in.indexOf(start, limit, Ascii.LF);
        if (lf < 0) {
            return limit - start >= MAX_LINE ? -2 : -1;
        }
        if (lf == start || in.getByte(lf - 1) != Ascii.CR || in.indexOf(start, lf - 1, Ascii.CR) >= 0) {
            return -3;
        }
        return lf;
    }

    private int lineError(int code, String what) {
        return switch (code) {
            case -1 -> MORE;
            case -2 -> error(400, "Malformed chunked body: " + what + " line longer than " + MAX_LINE + " bytes");
            default -> error(400, "Malformed chunked body: " + what + " line not ended by CRLF");
        };
    }

    private int tooMuchMetadata() {
        return error(431, "Chunk extensions and trailer fields exceed the limit of " + maxMetadata
                + " bytes (maxHeaderSize)");
    }

    private static String excerpt(ByteBuf in, int from, int length) {
        return Excerpt.of(in.toString(from, Math.min(length, Excerpt.LENGTH + 1), java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    private int error(int status, String message) {
        errorStatus = status;
        errorMessage = message;
        return ERROR;
    }
}
