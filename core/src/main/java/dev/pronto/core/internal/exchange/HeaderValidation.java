package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;

/**
 * Checks response header fields where a handler sets them (RFC 9110 §5.1, §5.5), so a bad field
 * fails at the call that made it rather than splitting the response on the wire. Returns immutable
 * values: a caller's mutable CharSequence is copied, a String or a Netty {@code AsciiString} is kept
 * as it is (the HTTP/2 encoder then writes an AsciiString's bytes without converting them).
 */
final class HeaderValidation {
    private HeaderValidation() {
    }

    /** {@code name}, immutable, when it is a token; IllegalArgumentException otherwise. */
    static CharSequence name(CharSequence name) {
        if (name == null) {
            throw new NullPointerException("header name");
        }
        if (name.isEmpty()) {
            throw new IllegalArgumentException("header name is empty");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 128 || !Ascii.isTchar((byte) c)) {
                throw new IllegalArgumentException("header name '" + printable(name) + "' is not a token: "
                        + describe(c) + " at index " + i + " (use letters, digits and !#$%&'*+-.^_`|~)");
            }
        }
        return immutable(name);
    }

    /** {@code value}, immutable, when it holds no control character but tab; IllegalArgumentException otherwise. */
    static CharSequence value(CharSequence name, CharSequence value) {
        if (value == null) {
            throw new NullPointerException("value of header " + name);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7F || c > 0xFF) {
                throw new IllegalArgumentException("value of header '" + printable(name) + "' has " + describe(c)
                        + " at index " + i + ": CR, LF, NUL and other control characters are not allowed"
                        + " (tab is), nor characters outside Latin-1");
            }
        }
        return immutable(value);
    }

    private static CharSequence immutable(CharSequence s) {
        return s instanceof io.netty.util.AsciiString ? s : s.toString();
    }

    private static String describe(char c) {
        return c > 0x20 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }

    /** The text, short and with controls escaped, so the message cannot itself split a log line. */
    private static String printable(CharSequence s) {
        return dev.pronto.core.HttpException.excerpt(s);
    }
}
