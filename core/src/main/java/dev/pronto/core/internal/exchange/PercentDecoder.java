package dev.pronto.core.internal.exchange;

import dev.pronto.core.BadRequestException;
import dev.pronto.wire.Ascii;
import java.nio.charset.StandardCharsets;

/**
 * Percent-decoding (UTF-8) of request bytes, allocating only the result String. Error messages
 * are built only for malformed input, since reading a parameter is on the hot path.
 */
public final class PercentDecoder {
    private static final boolean PLUS_IS_SPACE = true;

    private PercentDecoder() {
    }

    /** Decodes a path segment or path: {@code +} stays {@code +}. */
    static String path(byte[] b, int from, int to, String what) {
        String s = decode(b, from, to, !PLUS_IS_SPACE);
        return s != null ? s : malformed(what);
    }

    /** Decodes a query component: {@code +} is a space. */
    public static String query(byte[] b, int from, int to, String what) {
        String s = decode(b, from, to, PLUS_IS_SPACE);
        return s != null ? s : malformed(what);
    }

    /** Decodes the value of query parameter {@code name}: {@code +} is a space. */
    static String queryValue(byte[] b, int from, int to, String name) {
        String s = decode(b, from, to, PLUS_IS_SPACE);
        return s != null ? s : malformed("query parameter '" + name + "'");
    }

    private static String malformed(String what) {
        throw new BadRequestException("Malformed percent-encoding in " + what + ": use %XX with two hex digits");
    }

    /** The decoded text, or null when a percent sign is not followed by two hex digits. */
    private static String decode(byte[] b, int from, int to, boolean plusIsSpace) {
        int i = from;
        while (i < to && b[i] != '%' && !(plusIsSpace && b[i] == '+')) {
            i++;
        }
        if (i == to) {
            return Ascii.string(b, from, to - from);
        }
        byte[] out = new byte[to - from];
        int n = i - from;
        System.arraycopy(b, from, out, 0, n);
        while (i < to) {
            byte c = b[i];
            if (c == '%') {
                int hi = i + 2 < to ? Character.digit(b[i + 1], 16) : -1;
                int lo = hi >= 0 ? Character.digit(b[i + 2], 16) : -1;
                if (lo < 0) {
                    return null;
                }
                out[n++] = (byte) (hi << 4 | lo);
                i += 3;
            } else {
                out[n++] = plusIsSpace && c == '+' ? (byte) ' ' : c;
                i++;
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }
}
