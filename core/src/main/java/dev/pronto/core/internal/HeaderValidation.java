package dev.pronto.core.internal;

/**
 * Checks response header fields where a handler sets them (RFC 9110 §5.1, §5.5), so a bad field
 * fails at the call that made it rather than splitting the response on the wire. Returns Strings:
 * a caller's mutable CharSequence is copied, a String (immutable) is kept as it is.
 */
final class HeaderValidation {
    private static final boolean[] TCHAR = new boolean[128];

    static {
        for (char c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[Character.toUpperCase(c)] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
    }

    private HeaderValidation() {
    }

    /** {@code name} as a String when it is a token; IllegalArgumentException otherwise. */
    static String name(CharSequence name) {
        if (name == null) {
            throw new NullPointerException("header name");
        }
        if (name.isEmpty()) {
            throw new IllegalArgumentException("header name is empty");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 128 || !TCHAR[c]) {
                throw new IllegalArgumentException("header name '" + printable(name) + "' is not a token: "
                        + describe(c) + " at index " + i + " (use letters, digits and !#$%&'*+-.^_`|~)");
            }
        }
        return name.toString();
    }

    /** {@code value} as a String when it holds no control character but tab; IllegalArgumentException otherwise. */
    static String value(CharSequence name, CharSequence value) {
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
        return value.toString();
    }

    private static String describe(char c) {
        return c > 0x20 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }

    /** The text with controls and non-ASCII escaped, so the message cannot itself split a log line. */
    private static String printable(CharSequence s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7F) {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04X", (int) c));
            }
        }
        return sb.toString();
    }
}
