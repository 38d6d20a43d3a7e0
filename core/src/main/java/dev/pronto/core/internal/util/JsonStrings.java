package dev.pronto.core.internal.util;

/**
 * The one JSON string escaper of the runtime (problem documents, access-log lines, health details), so that
 * every document Pronto writes by hand escapes the same way: RFC 8259's short forms for quote, backslash
 * and the five named controls, a six-character unicode escape for the other controls and DEL and for an
 * unpaired surrogate (which UTF-8 cannot carry).
 */
public final class JsonStrings {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonStrings() {
    }

    /** Appends {@code s} as a quoted JSON string; {@code null} becomes {@code null}. */
    public static StringBuilder quoted(StringBuilder sb, String s) {
        if (s == null) {
            return sb.append("null");
        }
        return escaped(sb.append('"'), s).append('"');
    }

    /** Appends the escaped characters of {@code s} without quotes. */
    public static StringBuilder escaped(StringBuilder sb, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c == 0x7F || unpairedSurrogate(s, i)) {
                        unicode(sb, c);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb;
    }

    private static boolean unpairedSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        return Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)));
    }

    private static void unicode(StringBuilder sb, char c) {
        sb.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF]).append(HEX[c >> 4 & 0xF])
                .append(HEX[c & 0xF]);
    }
}
