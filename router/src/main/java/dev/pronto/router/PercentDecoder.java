package dev.pronto.router;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Pronto's one percent-decoder (RFC 3986 §2.1, WHATWG URL §5.1): percent-decodes, then reads the bytes
 * as UTF-8, raw non-ASCII bytes included, so {@code José} and {@code Jos%C3%A9} are the same text. A
 * {@code %} not followed by two hex digits, or bytes that are not UTF-8, are malformed: never replaced by
 * U+FFFD, since a replaced value would silently differ from what the client meant. The byte methods
 * return null for malformed input and leave the error to the caller (the server answers 400);
 * {@link RouteMatch#param(int)} throws {@link MalformedPathException}. Allocates only the result for
 * ASCII text. Stateless; any thread.
 */
public final class PercentDecoder {
    private PercentDecoder() {
    }

    /** Decodes {@code b[from, to)} as a path or path segment ({@code +} stays {@code +}); null when malformed. */
    public static String path(byte[] b, int from, int to) {
        return decode(b, from, to, Plus.LITERAL);
    }

    /** Decodes {@code b[from, to)} as a query or form component ({@code +} is a space); null when malformed. */
    public static String query(byte[] b, int from, int to) {
        return decode(b, from, to, Plus.SPACE);
    }

    /** What {@code +} means where the text comes from. */
    private enum Plus { LITERAL, SPACE }

    /**
     * Decodes {@code text[start, end)}, the value of the param {@code name}; characters outside escapes
     * are taken as text (encoded as UTF-8 before decoding).
     *
     * @throws MalformedPathException if a {@code %} is not followed by two hex digits, or the
     *     decoded bytes are not valid UTF-8
     */
    static String decode(CharSequence text, int start, int end, String name) {
        int i = start;
        while (i < end && text.charAt(i) != '%') {
            i++;
        }
        if (i == end) {
            return text.subSequence(start, end).toString();
        }
        checkEscapes(text, i, end, name);
        byte[] bytes = text.subSequence(start, end).toString().getBytes(StandardCharsets.UTF_8);
        String s = decode(bytes, 0, bytes.length, Plus.LITERAL);
        if (s == null) {
            throw new MalformedPathException(name, "param '" + name
                    + "' is not valid UTF-8 once percent-decoded; encode the text as UTF-8 before escaping it");
        }
        return s;
    }

    /** Throws naming the first {@code %} from {@code at} that is not followed by two hex digits. */
    private static void checkEscapes(CharSequence text, int at, int end, String name) {
        for (int i = at; i < end; i++) {
            if (text.charAt(i) != '%') {
                continue;
            }
            if (i + 2 >= end) {
                throw new MalformedPathException(name, "param '" + name + "' has a truncated escape '"
                        + text.subSequence(i, end) + "'; '%' must be followed by two hex digits");
            }
            if (!hex(text.charAt(i + 1)) || !hex(text.charAt(i + 2))) {
                throw new MalformedPathException(name, "param '" + name + "' has an invalid escape '"
                        + text.subSequence(i, i + 3) + "'; '%' must be followed by two hex digits");
            }
            i += 2;
        }
    }

    /** Whether {@code c} is an ASCII hex digit (Character.digit would also take other scripts' digits). */
    private static boolean hex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** The decoded text, or null for a bad escape or bytes that are not UTF-8. */
    private static String decode(byte[] b, int from, int to, Plus plus) {
        boolean plusIsSpace = plus == Plus.SPACE;
        int i = from;
        while (i < to && b[i] != '%' && b[i] >= 0 && !(plusIsSpace && b[i] == '+')) {
            i++;
        }
        if (i == to) {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
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
        return ascii ? new String(out, 0, n, StandardCharsets.ISO_8859_1) : utf8(out, n);
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
