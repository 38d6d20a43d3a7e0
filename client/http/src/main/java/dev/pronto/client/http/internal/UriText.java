package dev.pronto.client.http.internal;

/**
 * Percent-encodes values into a URI being built (RFC 3986): unreserved characters stay, the rest
 * is written as UTF-8 octets. No intermediate strings for the common ASCII case.
 */
public final class UriText {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UriText() {
    }

    /**
     * Appends {@code value} encoded for a path segment, or for a catch-all path parameter when
     * {@code slashes} is {@code "/"} (which then stays).
     */
    public static void path(StringBuilder out, String value, String slashes) {
        append(out, value, slashes);
    }

    /** Appends {@code value} encoded for a query name or value. */
    public static void query(StringBuilder out, String value) {
        append(out, value, "");
    }

    private static void append(StringBuilder out, String value, String kept) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (unreserved(c) || kept.indexOf(c) >= 0) {
                out.append(c);
            } else if (c < 0x80) {
                octet(out, c);
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < value.length() ? i + 2 : i + 1;
                for (byte b : value.substring(i, end).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    octet(out, b & 0xFF);
                }
                i = end - 1;
            }
        }
    }

    private static boolean unreserved(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || c == '-' || c == '.' || c == '_' || c == '~';
    }

    private static void octet(StringBuilder out, int b) {
        out.append('%').append(HEX[b >> 4]).append(HEX[b & 0xF]);
    }
}
