package dev.pronto.client.http;

import java.net.URI;

/**
 * The parts of a request URI the client needs. {@link #simple} takes apart the common shape
 * {@code http(s)://host[:port][/path][?query]} by hand, accepting only what {@link URI} accepts the
 * same way; anything else (user info, IPv6 literals, fragments, escapes it would question, an empty
 * port or query) returns null and {@link URI#create} decides, so both paths agree. Proxies build a
 * request per forwarded request, and {@code URI}'s parser was the largest single cost there.
 */
record UriParts(boolean https, String host, int port, String rawPath, String rawQuery) {
    static UriParts of(URI uri) {
        return new UriParts("https".equals(uri.getScheme()), uri.getHost(), uri.getPort(), uri.getRawPath(),
                uri.getRawQuery());
    }

    /** The parts of {@code s} when it has the simple shape, else null. */
    static UriParts simple(String s) {
        boolean https = s.startsWith("https://");
        if (!https && !s.startsWith("http://")) {
            return null;
        }
        int from = https ? 8 : 7;
        int end = from;
        while (end < s.length() && s.charAt(end) != '/' && s.charAt(end) != '?') {
            end++;
        }
        int colon = s.indexOf(':', from);
        int hostEnd = colon >= 0 && colon < end ? colon : end;
        String host = s.substring(from, hostEnd);
        int port = hostEnd == end ? -1 : port(s, hostEnd + 1, end);
        if (!hostName(host) || port == 0) {
            return null;
        }
        int q = s.indexOf('?', end);
        String path = s.substring(end, q < 0 ? s.length() : q);
        String query = q < 0 ? null : s.substring(q + 1);
        if (!plain(path, false) || query != null && (query.isEmpty() || !plain(query, true))) {
            return null;
        }
        return new UriParts(https, host, port, path, query);
    }

    /** Digits of a port, 1..65535; 0 for anything else (an empty port included). */
    private static int port(String s, int from, int to) {
        if (to - from < 1 || to - from > 5) {
            return 0;
        }
        int p = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            p = p * 10 + c - '0';
        }
        return p <= 65535 ? p : 0;
    }

    /** Dot-separated labels of letters, digits and inner hyphens, the last starting with a letter or all digits (IPv4). */
    private static boolean hostName(String h) {
        if (h.isEmpty() || h.charAt(h.length() - 1) == '.') {
            return false;
        }
        boolean digitsOnly = true;
        int labelStart = 0;
        for (int i = 0; i <= h.length(); i++) {
            char c = i < h.length() ? h.charAt(i) : '.';
            if (c == '.') {
                if (i == labelStart || h.charAt(i - 1) == '-' || h.charAt(labelStart) == '-') {
                    return false;
                }
                labelStart = i + 1;
            } else if (c >= '0' && c <= '9') {
                continue;
            } else if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
                digitsOnly = false;
            } else {
                return false;
            }
        }
        return digitsOnly ? ipv4(h) : Character.isLetter(h.charAt(h.lastIndexOf('.') + 1));
    }

    /** Four dot-separated numbers of one to three digits, each at most 255. */
    private static boolean ipv4(String h) {
        int parts = 0;
        int value = 0;
        int digits = 0;
        for (int i = 0; i <= h.length(); i++) {
            char c = i < h.length() ? h.charAt(i) : '.';
            if (c == '.') {
                if (digits == 0 || digits > 3 || value > 255) {
                    return false;
                }
                parts++;
                value = 0;
                digits = 0;
            } else {
                value = value * 10 + c - '0';
                digits++;
            }
        }
        return parts == 4;
    }

    /** Only characters {@code URI} takes as they are in a path (and, with {@code query}, '?'), and well-formed escapes. */
    private static boolean plain(String s, boolean query) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0
                    || query && c == '?') {
                continue;
            }
            if (c != '%' || i + 2 >= s.length() || Character.digit(s.charAt(i + 1), 16) < 0
                    || Character.digit(s.charAt(i + 2), 16) < 0) {
                return false;
            }
            i += 2;
        }
        return true;
    }
}
