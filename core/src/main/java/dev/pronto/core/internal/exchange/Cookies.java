package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;
import java.util.Map;

/** Parses {@code Cookie} header values ({@code a=1; b=2}, RFC 6265 §5.4) from request bytes. */
final class Cookies {
    private Cookies() {
    }

    static String find(byte[] b, int from, int to, String name) {
        int i = from;
        while (i < to) {
            int end = end(b, i, to);
            int eq = eq(b, i, end);
            int ns = trimStart(b, i, eq);
            if (eq < end && Ascii.string(b, ns, trimEnd(b, ns, eq) - ns).equals(name)) {
                return value(b, eq + 1, end);
            }
            i = end + 1;
        }
        return null;
    }

    static void collect(byte[] b, int from, int to, Map<String, String> into) {
        int i = from;
        while (i < to) {
            int end = end(b, i, to);
            int eq = eq(b, i, end);
            int ns = trimStart(b, i, eq);
            if (eq < end && eq > ns) {
                into.putIfAbsent(Ascii.string(b, ns, trimEnd(b, ns, eq) - ns), value(b, eq + 1, end));
            }
            i = end + 1;
        }
    }

    private static String value(byte[] b, int from, int to) {
        int s = trimStart(b, from, to);
        int e = trimEnd(b, s, to);
        if (e - s >= 2 && b[s] == '"' && b[e - 1] == '"') {
            s++;
            e--;
        }
        return new String(b, s, e - s, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static int end(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == ';') {
                return i;
            }
        }
        return to;
    }

    private static int eq(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '=') {
                return i;
            }
        }
        return to;
    }

    private static int trimStart(byte[] b, int from, int to) {
        while (from < to && (b[from] == ' ' || b[from] == '\t')) {
            from++;
        }
        return from;
    }

    private static int trimEnd(byte[] b, int from, int to) {
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        return to;
    }
}
