package dev.pronto.core.internal;

/** Parses a single {@code Range: bytes=...} request (RFC 9110 §14). */
final class Ranges {
    private static final long[] UNSATISFIABLE = new long[0];

    private Ranges() {
    }

    /**
     * The inclusive {first, last} of a single satisfiable range; an empty array when unsatisfiable
     * (416); null when there is no usable Range header (multiple ranges, other units, bad syntax)
     * so the whole representation is sent.
     */
    static long[] parse(String header, long size) {
        if (header == null || !header.regionMatches(true, 0, "bytes=", 0, 6) || header.indexOf(',') >= 0) {
            return null;
        }
        String spec = header.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        try {
            String a = spec.substring(0, dash).trim();
            String b = spec.substring(dash + 1).trim();
            if (a.isEmpty()) {
                long suffix = Long.parseLong(b);
                return suffix <= 0 || size == 0 ? UNSATISFIABLE : new long[] {Math.max(0, size - suffix), size - 1};
            }
            long first = Long.parseLong(a);
            long last = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
            if (first < 0 || (!b.isEmpty() && Long.parseLong(b) < first)) {
                return null;
            }
            return first >= size ? UNSATISFIABLE : new long[] {first, last};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
