package dev.pronto.core.internal.content;

import dev.pronto.core.ContentCoding;
import dev.pronto.wire.Ascii;
import java.util.List;

/**
 * Chooses a content coding from an {@code Accept-Encoding} value (RFC 9110 §12.5.3): the offered
 * coding with the highest q-value, ties broken by the server's order; {@code *} stands for every
 * coding not listed; q=0 excludes. Parses without allocating.
 */
public final class AcceptEncoding {
    private AcceptEncoding() {
    }

    /** The coding to use, or null for identity. */
    public static ContentCoding negotiate(CharSequence header, List<ContentCoding> offered) {
        ContentCoding best = null;
        int bestQ = 0;
        for (ContentCoding c : offered) {
            int q = quality(header, c.token());
            if (q > bestQ) {
                best = c;
                bestQ = q;
            }
        }
        return best;
    }

    /** The q-value (0..1000) the header gives {@code token}, through {@code *} if not listed. */
    static int quality(CharSequence h, String token) {
        int star = -1;
        int i = 0;
        int n = h.length();
        while (i < n) {
            while (i < n && (h.charAt(i) == ' ' || h.charAt(i) == '\t' || h.charAt(i) == ',')) {
                i++;
            }
            int start = i;
            while (i < n && h.charAt(i) != ',' && h.charAt(i) != ';' && h.charAt(i) != ' ' && h.charAt(i) != '\t') {
                i++;
            }
            int end = i;
            int q = 1000;
            while (i < n && h.charAt(i) != ',') {
                if (h.charAt(i) == ';') {
                    q = qValue(h, i + 1, n);
                }
                i++;
            }
            if (matches(h, start, end, token)) {
                return q;
            }
            if (end - start == 1 && h.charAt(start) == '*') {
                star = q;
            }
        }
        return Math.max(star, 0);
    }

    private static boolean matches(CharSequence h, int start, int end, String token) {
        if (end - start != token.length()) {
            return false;
        }
        for (int k = 0; k < token.length(); k++) {
            if (Ascii.lower(h.charAt(start + k)) != token.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Parses {@code q=0.5} starting after a ';' (whitespace allowed); unparsable counts as 0. */
    private static int qValue(CharSequence h, int i, int n) {
        while (i < n && (h.charAt(i) == ' ' || h.charAt(i) == '\t')) {
            i++;
        }
        if (i + 1 >= n || Ascii.lower(h.charAt(i)) != 'q' || h.charAt(i + 1) != '=') {
            return 1000;
        }
        i += 2;
        if (i >= n || (h.charAt(i) != '0' && h.charAt(i) != '1')) {
            return 0;
        }
        int q = (h.charAt(i) - '0') * 1000;
        int scale = 100;
        for (i += 2; i < n && scale > 0 && h.charAt(i) >= '0' && h.charAt(i) <= '9'; i++, scale /= 10) {
            q += (h.charAt(i) - '0') * scale;
        }
        return Math.min(q, 1000);
    }
}
