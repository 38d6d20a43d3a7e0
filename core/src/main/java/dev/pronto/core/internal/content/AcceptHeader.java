package dev.pronto.core.internal.content;

/**
 * Reads an {@code Accept} field (RFC 9110 §12.5.1) for a route that answers JSON only: whether any
 * media range with a non-zero weight matches {@code application/json}. Parsed in place, without
 * allocating, since it runs on every request to such a route that sends the field.
 */
public final class AcceptHeader {
    private AcceptHeader() {
    }

    /** Whether {@code accept} (null when absent: anything goes) admits {@code application/json}. */
    public static boolean admitsJson(String accept) {
        if (accept == null) {
            return true;
        }
        int n = accept.length();
        int start = 0;
        boolean blank = true;
        while (start <= n) {
            int end = accept.indexOf(',', start);
            end = end < 0 ? n : end;
            int semi = accept.indexOf(';', start);
            int typeEnd = semi >= 0 && semi < end ? semi : end;
            int a = skip(accept, start, typeEnd);
            int b = trimEnd(accept, a, typeEnd);
            if (b > a) {
                blank = false;
                if (matchesJson(accept, a, b) && weight(accept, typeEnd, end) > 0) {
                    return true;
                }
            }
            start = end + 1;
        }
        return blank; // an empty field says nothing
    }

    private static boolean matchesJson(String s, int a, int b) {
        return region(s, a, b, "*/*") || region(s, a, b, "application/*") || region(s, a, b, "application/json");
    }

    private static boolean region(String s, int a, int b, String text) {
        return b - a == text.length() && s.regionMatches(true, a, text, 0, text.length());
    }

    /** The {@code q} parameter between {@code from} (a ';' or the end) and {@code end}; 1 when absent. */
    private static double weight(String s, int from, int end) {
        int i = from;
        while (i < end) {
            int a = skip(s, i + 1, end);
            int next = s.indexOf(';', a);
            next = next < 0 || next > end ? end : next;
            if (next - a >= 2 && (s.charAt(a) == 'q' || s.charAt(a) == 'Q') && s.charAt(a + 1) == '=') {
                return q(s, a + 2, trimEnd(s, a + 2, next));
            }
            i = next;
        }
        return 1;
    }

    /** A qvalue ("0", "0.5", "1.000"); anything malformed counts as 1, as if the weight were absent. */
    private static double q(String s, int a, int b) {
        boolean zero = b > a && s.charAt(a) == '0';
        for (int i = a + 1; zero && i < b; i++) {
            char c = s.charAt(i);
            zero = c == '0' || c == '.' && i == a + 1;
        }
        return zero ? 0 : 1;
    }

    private static int skip(String s, int i, int end) {
        while (i < end && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int trimEnd(String s, int a, int b) {
        while (b > a && (s.charAt(b - 1) == ' ' || s.charAt(b - 1) == '\t')) {
            b--;
        }
        return b;
    }
}
