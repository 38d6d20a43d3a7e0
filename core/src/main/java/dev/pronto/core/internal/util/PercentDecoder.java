package dev.pronto.core.internal.util;

import dev.pronto.core.BadRequestException;
import dev.pronto.router.RouteMatch;
import dev.pronto.wire.Ascii;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The one percent-decoder of request text: the path, path parameters, query parameters and
 * url-encoded form fields. Percent-decodes, then decodes the bytes as UTF-8 (WHATWG URL §5.1), raw
 * non-ASCII bytes included, so {@code José} and {@code Jos%C3%A9} are the same text. A {@code %} not
 * followed by two hex digits, or bytes that are not UTF-8, are a 400 (never U+FFFD: a replaced value
 * would silently differ from what the client meant, and two different inputs would compare equal).
 * Allocates only the result for ASCII text; error messages are built only for malformed input.
 */
public final class PercentDecoder {
    private static final boolean PLUS_IS_SPACE = true;

    private PercentDecoder() {
    }

    /** Decodes a path: {@code +} stays {@code +}. */
    public static String path(byte[] b, int from, int to, String what) {
        String s = decode(b, from, to, !PLUS_IS_SPACE);
        return s != null ? s : malformed(what);
    }

    /** Decodes a query or form component: {@code +} is a space. */
    public static String query(byte[] b, int from, int to, String what) {
        String s = decode(b, from, to, PLUS_IS_SPACE);
        return s != null ? s : malformed(what);
    }

    /** Decodes the value of query parameter {@code name}: {@code +} is a space. */
    public static String queryValue(byte[] b, int from, int to, String name) {
        String s = decode(b, from, to, PLUS_IS_SPACE);
        return s != null ? s : malformed("query parameter '" + name + "'");
    }

    /**
     * Decodes path parameter {@code i} of {@code match}, whose path is a view of the request bytes: the
     * router's own decoder reads a char per byte and would take raw UTF-8 for ISO-8859-1.
     */
    public static String param(RouteMatch<?> match, int i) {
        if (!(match.path() instanceof AsciiView view)) {
            return match.param(i);
        }
        int from = view.offset() + match.paramStart(i);
        String s = decode(view.array(), from, view.offset() + match.paramEnd(i), !PLUS_IS_SPACE);
        return s != null ? s : malformed("path parameter '" + match.paramName(i) + "'");
    }

    private static String malformed(String what) {
        throw new BadRequestException("Malformed percent-encoding or UTF-8 in " + what
                + ": use %XX with two hex digits and encode text as UTF-8");
    }

    /** The decoded text, or null for a bad escape or bytes that are not UTF-8. */
    private static String decode(byte[] b, int from, int to, boolean plusIsSpace) {
        int i = from;
        while (i < to && b[i] != '%' && b[i] >= 0 && !(plusIsSpace && b[i] == '+')) {
            i++;
        }
        if (i == to) {
            return Ascii.string(b, from, to - from);
        }
        byte[] out = new byte[to - from];
        int n = i - from;
        System.arraycopy(b, from, out, 0, n);
        boolean ascii = true;
        while (i < to) {
            byte c = b[i];
            if (c == '%') {
                int hi = i + 2 < to ? Character.digit(b[i + 1], 16) : -1;
                int lo = hi >= 0 ? Character.digit(b[i + 2], 16) : -1;
                if (lo < 0) {
                    return null;
                }
                c = (byte) (hi << 4 | lo);
                i += 3;
            } else {
                c = plusIsSpace && c == '+' ? (byte) ' ' : c;
                i++;
            }
            ascii &= c >= 0;
            out[n++] = c;
        }
        return ascii ? Ascii.string(out, 0, n) : utf8(out, n);
    }

    private static String utf8(byte[] bytes, int length) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
