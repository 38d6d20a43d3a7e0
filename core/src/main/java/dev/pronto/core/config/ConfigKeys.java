package dev.pronto.core.config;

import java.util.Collection;

/** Suggests the key a misspelt configuration key was meant to be. */
final class ConfigKeys {
    private ConfigKeys() {
    }

    /**
     * The known key closest to {@code unknown} by edit distance, comparing with the whole key and with its
     * last segment (so a top-level {@code prot} finds {@code server.port}); null when none is close, that is
     * within a third of the unknown key's length (at least 2 edits).
     */
    static String nearest(String unknown, Collection<String> known) {
        String best = null;
        int bestDistance = Math.max(2, unknown.length() / 3) + 1;
        for (String candidate : known) {
            int dot = candidate.lastIndexOf('.');
            int distance = Math.min(distance(unknown, candidate),
                    dot < 0 ? Integer.MAX_VALUE : distance(unknown, candidate.substring(dot + 1)));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** Levenshtein distance, two rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
