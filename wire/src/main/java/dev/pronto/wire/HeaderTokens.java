package dev.pronto.wire;

/**
 * Comma-separated header values as decoded strings (RFC 9110 §5.6.1): {@code Connection}, {@code Upgrade}.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class HeaderTokens {
    private HeaderTokens() {
    }

    /** Whether the comma-separated {@code value} (may be null) lists {@code token}, ignoring case. */
    public static boolean hasToken(String value, String token) {
        if (value == null) {
            return false;
        }
        for (String part : value.split(",")) {
            if (part.trim().equalsIgnoreCase(token)) {
                return true;
            }
        }
        return false;
    }
}
