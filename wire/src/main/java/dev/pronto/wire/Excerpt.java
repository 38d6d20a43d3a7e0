package dev.pronto.wire;

/**
 * Peer input shortened for a message that quotes it: the first {@value #LENGTH} characters, then an
 * ellipsis (U+2026) when there were more, control characters written as {@code \xNN}, so no peer can
 * make Pronto answer or log more than a short excerpt of its own bytes.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 * {@code dev.pronto.core.HttpException#excerpt} is the API form and delegates here. Stateless; any thread.
 */
public final class Excerpt {
    /** How many characters of input an excerpt keeps. */
    public static final int LENGTH = 64;

    private Excerpt() {
    }

    /**
     * The excerpt of {@code input}.
     *
     * @param input what the peer sent; null gives {@code "null"}
     * @return at most {@value #LENGTH} characters of input plus escapes and an ellipsis
     */
    public static String of(CharSequence input) {
        if (input == null) {
            return "null";
        }
        int n = Math.min(input.length(), LENGTH);
        StringBuilder sb = new StringBuilder(n + 1);
        for (int i = 0; i < n; i++) {
            char c = input.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            } else {
                sb.append(c);
            }
        }
        return input.length() > n ? sb.append('\u2026').toString() : sb.toString();
    }
}
