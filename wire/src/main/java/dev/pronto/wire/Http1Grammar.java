package dev.pronto.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The HTTP/1.1 syntax of RFC 9112 that Pronto's server and client share: the version of a start
 * line, field lines (§5) and comma-separated list elements (RFC 9110 §5.6.1), checked in place over
 * a head already split into CRLF-terminated lines by {@link HeadScanner}.
 *
 * <p>Nothing here allocates or throws: violations are negative codes, and {@link #describe} names
 * them for an error message. Callers add the side-specific rules (request line, status line, Host).
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class Http1Grammar {
    /** A field line starts with whitespace: obsolete line folding (§5.2). */
    public static final int OBS_FOLD = -1;
    /** A field line starts with ':'. */
    public static final int EMPTY_NAME = -2;
    /** Whitespace between the field name and ':' (§5.1). */
    public static final int SPACE_BEFORE_COLON = -3;
    /** A field name holds a byte that is not a token character, or has no ':'. */
    public static final int BAD_NAME = -4;
    /** A field value holds a control character (NUL, bare CR, ...). */
    public static final int BAD_VALUE = -5;

    /** {@link #version}: HTTP/1.1. */
    public static final int HTTP_1_1 = 11;
    /** {@link #version}: HTTP/1.0. */
    public static final int HTTP_1_0 = 10;
    /** {@link #version}: a well-formed version other than 1.0 and 1.1, such as HTTP/2.0 or HTTP/1.7. */
    public static final int VERSION_UNSUPPORTED = -6;
    /** {@link #version}: not {@code HTTP/DIGIT.DIGIT}. */
    public static final int VERSION_MALFORMED = -7;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Http1Grammar() {
    }

    /**
     * Reads the version at {@code b[i, i+8)}; the caller checks what follows it.
     *
     * @return {@link #HTTP_1_1}, {@link #HTTP_1_0}, {@link #VERSION_UNSUPPORTED} or {@link #VERSION_MALFORMED}
     */
    public static int version(byte[] b, int i, int end) {
        if (end - i < 8 || b[i] != 'H' || b[i + 1] != 'T' || b[i + 2] != 'T' || b[i + 3] != 'P'
                || b[i + 4] != '/' || !digit(b[i + 5]) || b[i + 6] != '.' || !digit(b[i + 7])) {
            return VERSION_MALFORMED;
        }
        if (b[i + 5] == '1' && (b[i + 7] == '1' || b[i + 7] == '0')) {
            return b[i + 7] == '1' ? HTTP_1_1 : HTTP_1_0;
        }
        return VERSION_UNSUPPORTED;
    }

    /**
     * Checks the whole field line starting at {@code start}: its name ({@link #fieldName}), then its value up to the
     * CRLF ({@link #valueEnd}), in one call.
     *
     * @return the index of the ':' and of the CR, packed (read them with {@link #colon} and {@link #cr}), or the
     *     negative code of the first violation ({@code (int)} of it is that code)
     */
    public static long fieldLine(byte[] b, int start) {
        int colon = fieldName(b, start);
        if (colon < 0) {
            return colon;
        }
        int cr = valueEnd(b, colon + 1);
        return cr < 0 ? cr : (long) colon << 32 | cr;
    }

    /** The index of the ':' in a valid {@link #fieldLine} result. */
    public static int colon(long fieldLine) {
        return (int) (fieldLine >>> 32);
    }

    /** The index of the CR ending the line in a valid {@link #fieldLine} result. */
    public static int cr(long fieldLine) {
        return (int) fieldLine;
    }

    /**
     * Checks the field name of the line starting at {@code start}.
     *
     * @return the index of the ':' ending the name, or {@link #OBS_FOLD}, {@link #EMPTY_NAME},
     *     {@link #SPACE_BEFORE_COLON} or {@link #BAD_NAME}
     */
    public static int fieldName(byte[] b, int start) {
        int i = start;
        while (Ascii.isTchar(b[i])) {
            i++;
        }
        if (b[i] == ':' && i > start) {
            return i;
        }
        if (i == start) {
            return b[i] == Ascii.SP || b[i] == Ascii.HTAB ? OBS_FOLD : b[i] == ':' ? EMPTY_NAME : BAD_NAME;
        }
        return b[i] == Ascii.SP || b[i] == Ascii.HTAB ? SPACE_BEFORE_COLON : BAD_NAME;
    }

    /**
     * Checks the field value from {@code from} to the CRLF that ends its line; a bare CR is a control
     * character like any other.
     *
     * @return the index of that CR, or {@link #BAD_VALUE}
     */
    public static int valueEnd(byte[] b, int from) {
        int i = from;
        while (true) {
            // Eight bytes at a time while none is below SP or DEL; the byte-wise check decides the first one that is.
            while (i + 8 <= b.length) {
                long stops = Words.controls((long) LONGS.get(b, i));
                if (stops != 0) {
                    i += Long.numberOfTrailingZeros(stops) >>> 3;
                    break;
                }
                i += 8;
            }
            byte c = b[i];
            if (c == Ascii.CR) {
                return b[i + 1] == Ascii.LF ? i : BAD_VALUE;
            }
            if (!Ascii.isFieldValue(c)) {
                return BAD_VALUE;
            }
            i++;
        }
    }

    /** The first index at or after {@code from} (before {@code end}) that is not SP or HTAB. */
    public static int skipWhitespace(byte[] b, int from, int end) {
        int i = from;
        while (i < end && (b[i] == Ascii.SP || b[i] == Ascii.HTAB)) {
            i++;
        }
        return i;
    }

    /** {@code end} moved back over trailing SP and HTAB, not before {@code start}. */
    public static int trimEnd(byte[] b, int start, int end) {
        int e = end;
        while (e > start && (b[e - 1] == Ascii.SP || b[e - 1] == Ascii.HTAB)) {
            e--;
        }
        return e;
    }

    /** The index of the ',' ending the list element that starts at {@code from}, or {@code end}. */
    public static int elementEnd(byte[] b, int from, int end) {
        int i = from;
        while (i < end && b[i] != ',') {
            i++;
        }
        return i;
    }

    /** Whether {@code b[start, end)} is a non-empty token (RFC 9110 §5.6.2). */
    public static boolean isToken(byte[] b, int start, int end) {
        if (start == end) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (!Ascii.isTchar(b[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the list {@code b[start, end)} has an element equal to {@code lowerToken}, ignoring
     * case: whole elements only, so {@code xclose} does not match {@code close}.
     */
    public static boolean hasToken(byte[] b, int start, int end, byte[] lowerToken) {
        int i = start;
        while (i < end) {
            int e = elementEnd(b, i, end);
            int s = skipWhitespace(b, i, e);
            if (Ascii.equalsLower(b, s, trimEnd(b, s, e) - s, lowerToken)) {
                return true;
            }
            i = e + 1;
        }
        return false;
    }

    /** A short excerpt of {@code b[off, off+len)} for a message quoting what a peer sent ({@link Excerpt}). */
    public static String excerpt(byte[] b, int off, int len) {
        return Ascii.excerpt(b, off, len);
    }

    /** What a negative code of this class means, for an error message. */
    public static String describe(int code) {
        return switch (code) {
            case OBS_FOLD -> "obsolete line folding (a line starting with whitespace)";
            case EMPTY_NAME -> "empty header name";
            case SPACE_BEFORE_COLON -> "whitespace before ':' in header name";
            case BAD_NAME -> "invalid character in header name";
            case BAD_VALUE -> "control character in header value";
            case VERSION_UNSUPPORTED -> "HTTP version not supported: use HTTP/1.1";
            default -> "malformed HTTP version: expected HTTP/1.1 or HTTP/1.0";
        };
    }

    public static boolean digit(byte b) {
        return b >= '0' && b <= '9';
    }
}
