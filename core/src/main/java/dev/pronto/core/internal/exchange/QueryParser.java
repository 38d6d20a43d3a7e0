package dev.pronto.core.internal.exchange;

import dev.pronto.core.internal.util.PercentDecoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code application/x-www-form-urlencoded} query strings straight from the request bytes,
 * on demand: looking up one parameter allocates only its decoded value.
 */
final class QueryParser {
    private QueryParser() {
    }

    /** The first value of {@code name} in {@code b[from, to)}, or null. */
    static String first(byte[] b, int from, int to, String name) {
        int i = from;
        while (i < to) {
            int end = indexOf(b, i, to, (byte) '&');
            int eq = indexOf(b, i, end, (byte) '=');
            if (nameMatches(b, i, eq, name)) {
                return eq < end ? PercentDecoder.queryValue(b, eq + 1, end, name) : "";
            }
            i = end + 1;
        }
        return null;
    }

    /** Every value of {@code name}, in order. */
    static List<String> all(byte[] b, int from, int to, String name) {
        List<String> values = new ArrayList<>(2);
        int i = from;
        while (i < to) {
            int end = indexOf(b, i, to, (byte) '&');
            int eq = indexOf(b, i, end, (byte) '=');
            if (nameMatches(b, i, eq, name)) {
                values.add(eq < end ? PercentDecoder.queryValue(b, eq + 1, end, name) : "");
            }
            i = end + 1;
        }
        return values;
    }

    /** Every parameter, in order of first appearance. */
    static Map<String, List<String>> map(byte[] b, int from, int to) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        int i = from;
        while (i < to) {
            int end = indexOf(b, i, to, (byte) '&');
            int eq = indexOf(b, i, end, (byte) '=');
            if (eq > i) {
                String key = PercentDecoder.query(b, i, eq, "query parameter name");
                String value = eq < end ? PercentDecoder.queryValue(b, eq + 1, end, key) : "";
                map.computeIfAbsent(key, k -> new ArrayList<>(1)).add(value);
            }
            i = end + 1;
        }
        return map;
    }

    private static boolean nameMatches(byte[] b, int from, int to, String name) {
        for (int i = from; i < to; i++) {
            if (b[i] == '%' || b[i] == '+') {
                return PercentDecoder.query(b, from, to, "query parameter name").equals(name);
            }
        }
        if (to - from != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (b[from + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return to;
    }
}
