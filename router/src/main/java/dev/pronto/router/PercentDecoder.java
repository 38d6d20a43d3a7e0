package dev.pronto.router;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Percent-decodes param values on demand (RFC 3986 §2.1), reading the escaped bytes as UTF-8.
 * {@code +} is an ordinary character in a path and stays as it is.
 */
final class PercentDecoder {
    private PercentDecoder() {
    }

    /**
     * Decodes {@code text[start, end)}, the value of the param {@code name}.
     *
     * @throws MalformedPathException if a {@code %} is not followed by two hex digits, or the
     *     escaped bytes are not valid UTF-8
     */
    static String decode(CharSequence text, int start, int end, String name) {
        int i = start;
        while (i < end && text.charAt(i) != '%') {
            i++;
        }
        if (i == end) {
            return text.subSequence(start, end).toString();
        }
        StringBuilder out = new StringBuilder(end - start).append(text, start, i);
        byte[] bytes = new byte[(end - i) / 3 + 1];
        while (i < end) {
            if (text.charAt(i) != '%') {
                out.append(text.charAt(i++));
                continue;
            }
            int n = 0;
            while (i < end && text.charAt(i) == '%') {
                bytes[n++] = escapedByte(text, i, end, name);
                i += 3;
            }
            out.append(utf8(bytes, n, name));
        }
        return out.toString();
    }

    private static byte escapedByte(CharSequence text, int at, int end, String name) {
        if (at + 2 >= end) {
            throw new MalformedPathException(name, "param '" + name + "' has a truncated escape '"
                    + text.subSequence(at, end) + "'; '%' must be followed by two hex digits");
        }
        int high = hex(text.charAt(at + 1));
        int low = hex(text.charAt(at + 2));
        if (high < 0 || low < 0) {
            throw new MalformedPathException(name, "param '" + name + "' has an invalid escape '"
                    + text.subSequence(at, at + 3) + "'; '%' must be followed by two hex digits");
        }
        return (byte) (high << 4 | low);
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
            return (c | 0x20) - 'a' + 10;
        }
        return -1;
    }

    private static String utf8(byte[] bytes, int length, String name) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MalformedPathException(name, "param '" + name
                    + "' is not valid UTF-8 once percent-decoded; encode the text as UTF-8 before escaping it");
        }
    }
}
