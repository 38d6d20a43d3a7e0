package dev.pronto.core.internal;

import io.netty.buffer.ByteBuf;

/**
 * Incremental decoder of a chunked request body (RFC 9112 §7.1): sizes, extensions, data and
 * trailer fields, resumable across reads. Data is appended to the caller's body buffer; trailer
 * fields are validated and dropped. Errors are returned as a status with a message, never thrown.
 */
final class ChunkedDecoder {
    static final int MORE = 0;
    static final int DONE = 1;
    static final int ERROR = 2;

    private static final int SIZE = 0;
    private static final int DATA = 1;
    private static final int DATA_END = 2;
    private static final int TRAILER = 3;
    private static final int MAX_LINE = 4096;

    private final long maxBody;
    private final int maxTrailer;
    private int state;
    private long remaining;
    private long total;
    private int trailerBytes;
    int errorStatus;
    String errorMessage;

    ChunkedDecoder(long maxBody, int maxTrailer) {
        this.maxBody = maxBody;
        this.maxTrailer = maxTrailer;
    }

    void reset() {
        state = SIZE;
        remaining = 0;
        total = 0;
        trailerBytes = 0;
        errorStatus = 0;
        errorMessage = null;
    }

    /**
     * Consumes what it can of {@code in}, appending data to {@code body}.
     * Neither buffer is released here; the caller owns both.
     */
    int decode(ByteBuf in, ByteBuf body) {
        while (true) {
            int r = switch (state) {
                case SIZE -> size(in);
                case DATA -> data(in, body);
                case DATA_END -> dataEnd(in);
                default -> trailer(in);
            };
            if (r != -1) {
                return r;
            }
        }
    }

    private int size(ByteBuf in) {
        int lf = lineEnd(in);
        if (lf < 0) {
            return lf == -1 ? MORE : error(400, "Chunk size line too long or malformed");
        }
        int start = in.readerIndex();
        long size = 0;
        int i = start;
        for (; i < lf - 1; i++) {
            int d = Character.digit(in.getByte(i), 16);
            if (d < 0) {
                break;
            }
            if (size > (Long.MAX_VALUE >> 4) - 1) {
                return error(400, "Chunk size too large");
            }
            size = size * 16 + d;
        }
        if (i == start || !extension(in, i, lf - 1)) {
            return error(400, "Malformed chunk size: expected hexadecimal digits");
        }
        in.readerIndex(lf + 1);
        if (size == 0) {
            state = TRAILER;
            return -1;
        }
        total += size;
        if (total > maxBody) {
            return error(413, "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)");
        }
        remaining = size;
        state = DATA;
        return -1;
    }

    private static boolean extension(ByteBuf in, int from, int cr) {
        int i = from;
        while (i < cr && (in.getByte(i) == Ascii.SP || in.getByte(i) == Ascii.HTAB)) {
            i++;
        }
        if (i < cr && in.getByte(i) != ';') {
            return false;
        }
        for (; i < cr; i++) {
            if (!Ascii.isFieldValue(in.getByte(i))) {
                return false;
            }
        }
        return true;
    }

    private int data(ByteBuf in, ByteBuf body) {
        int n = (int) Math.min(remaining, in.readableBytes());
        if (n == 0) {
            return MORE;
        }
        body.writeBytes(in, n);
        remaining -= n;
        if (remaining > 0) {
            return MORE;
        }
        state = DATA_END;
        return -1;
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
        return -1;
    }

    private int trailer(ByteBuf in) {
        int lf = lineEnd(in);
        if (lf < 0) {
            return lf == -1 ? MORE : error(400, "Malformed trailer field");
        }
        int start = in.readerIndex();
        int length = lf - 1 - start;
        trailerBytes += length + 2;
        if (trailerBytes > maxTrailer) {
            return error(431, "Trailer fields too large");
        }
        in.readerIndex(lf + 1);
        if (length == 0) {
            return DONE;
        }
        return validTrailer(in, start, start + length) ? -1 : error(400, "Malformed trailer field");
    }

    private static boolean validTrailer(ByteBuf in, int start, int end) {
        int i = start;
        while (i < end && Ascii.isTchar(in.getByte(i))) {
            i++;
        }
        if (i == start || i == end || in.getByte(i) != ':') {
            return false;
        }
        for (i++; i < end; i++) {
            if (!Ascii.isFieldValue(in.getByte(i))) {
                return false;
            }
        }
        return true;
    }

    /** Index of the LF ending the current line; -1 when incomplete, -2 when invalid or too long. */
    private static int lineEnd(ByteBuf in) {
        int start = in.readerIndex();
        int limit = Math.min(in.writerIndex(), start + MAX_LINE);
        int lf = in.indexOf(start, limit, Ascii.LF);
        if (lf < 0) {
            return limit - start >= MAX_LINE ? -2 : -1;
        }
        if (lf == start || in.getByte(lf - 1) != Ascii.CR || in.indexOf(start, lf - 1, Ascii.CR) >= 0) {
            return -2;
        }
        return lf;
    }

    private int error(int status, String message) {
        errorStatus = status;
        errorMessage = message;
        return ERROR;
    }
}
