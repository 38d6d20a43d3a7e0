package dev.pronto.core.internal.web;

/**
 * An allowed origin with a wildcard host, {@code https://*.example.org[:port]}: any origin of that
 * scheme and port whose host is one or more DNS labels followed by {@code .example.org}. Never
 * matches the bare domain, another scheme or port, or the opaque origin {@code null}. Immutable.
 */
public final class OriginPattern {
    private final String head;
    private final String tail;

    private OriginPattern(String head, String tail) {
        this.head = head;
        this.tail = tail;
    }

    /** Parses {@code scheme://*.domain[:port]}; throws naming the value when it is anything else. */
    public static OriginPattern parse(String pattern) {
        int scheme = pattern.indexOf("://*.");
        if (scheme <= 0 || pattern.indexOf('*', scheme + 4) >= 0 || pattern.indexOf('/', scheme + 3) >= 0
                || pattern.length() == scheme + 5) {
            throw new IllegalArgumentException("allowOrigins: a pattern must be scheme://*.domain[:port], got '"
                    + pattern + "'");
        }
        return new OriginPattern(pattern.substring(0, scheme + 3), pattern.substring(scheme + 4));
    }

    /** Whether {@code origin} (a browser's serialization, lower case) matches. */
    boolean matches(CharSequence origin) {
        int n = origin.length();
        int labelsEnd = n - tail.length();
        if (labelsEnd <= head.length() || !regionEquals(origin, 0, head) || !regionEquals(origin, labelsEnd, tail)
                || origin.charAt(labelsEnd - 1) == '.') {
            return false;
        }
        for (int i = head.length(); i < labelsEnd; i++) {
            char c = origin.charAt(i);
            boolean label = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.';
            if (!label || c == '.' && (i == head.length() || origin.charAt(i - 1) == '.')) {
                return false;
            }
        }
        return true;
    }

    private static boolean regionEquals(CharSequence s, int from, String part) {
        for (int i = 0; i < part.length(); i++) {
            if (s.charAt(from + i) != part.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
