package dev.pronto.core.internal.content;

import dev.pronto.core.Request;
import dev.pronto.core.internal.util.DateHeader;

/**
 * Picks the byte range a static file request asks for (RFC 9110 §14): one range at most. A list of
 * ranges is answered with the whole representation, so overlapping or many small ranges cannot
 * multiply the output, and the list is never split or parsed (one scan for a comma).
 */
final class Ranges {
    private static final long[] UNSATISFIABLE = new long[0];

    private Ranges() {
    }

    /**
     * The range to send for {@code req}: see {@link #parse}; null also when {@code If-Range} does
     * not match the current validators (the representation changed: send all of it).
     */
    static long[] requested(Request req, long size, StaticFileServer.Validators v) {
        String range = req.header("Range");
        if (range == null || !ifRangeMatches(req.header("If-Range"), v)) {
            return null;
        }
        return parse(range, size);
    }

    /**
     * Whether {@code ifRange} (null when absent) names the current version: the same strong
     * entity tag, or exactly the Last-Modified date (RFC 9110 §13.1.5).
     */
    static boolean ifRangeMatches(String ifRange, StaticFileServer.Validators v) {
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.trim();
        if (value.startsWith("\"")) {
            return value.equals(v.etag());
        }
        if (value.startsWith("W/")) {
            return false;
        }
        long date = DateHeader.parseHttpDate(value);
        // A date is only a strong validator once its second is over: two writes within the
        // current second would share it.
        return date >= 0 && date == v.modifiedSeconds() && date < System.currentTimeMillis() / 1000;
    }

    /**
     * The inclusive {first, last} of a single satisfiable range; an empty array when unsatisfiable
     * (416); null when there is no usable Range header (multiple ranges, other units, bad syntax)
     * so the whole representation is sent.
     */
    static long[] parse(String header, long size) {
        if (!header.regionMatches(true, 0, "bytes=", 0, 6) || header.indexOf(',') >= 0) {
            return null;
        }
        String spec = header.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        long first = number(spec, 0, dash);
        long last = number(spec, dash + 1, spec.length());
        if (dash == 0) {
            if (last < 0) {
                return null;
            }
            return last == 0 || size == 0 ? UNSATISFIABLE : new long[] {Math.max(0, size - last), size - 1};
        }
        if (first < 0 || (dash + 1 < spec.length() && last < first)) {
            return null;
        }
        return first >= size ? UNSATISFIABLE : new long[] {first, last < 0 ? size - 1 : Math.min(last, size - 1)};
    }

    /** The decimal in {@code s[from, to)}, trimmed; -1 when empty, not all digits or too long. */
    private static long number(String s, int from, int to) {
        while (from < to && s.charAt(from) == ' ') {
            from++;
        }
        while (to > from && s.charAt(to - 1) == ' ') {
            to--;
        }
        if (from == to || to - from > 18) {
            return -1;
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
