package dev.pronto.grpc.internal;

import java.util.concurrent.TimeUnit;

/** Parses {@code grpc-timeout}: at most 8 ASCII digits and a unit (H, M, S, m, u, n). */
final class GrpcTimeout {
    /** Returned for an absent or malformed header: no deadline. */
    static final long NONE = -1;

    private GrpcTimeout() {
    }

    /** The timeout in nanoseconds, or {@link #NONE}; saturates instead of overflowing. */
    static long nanos(CharSequence value) {
        if (value == null || value.length() < 2 || value.length() > 9) {
            return NONE;
        }
        long amount = 0;
        for (int i = 0; i < value.length() - 1; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return NONE;
            }
            amount = amount * 10 + (c - '0');
        }
        TimeUnit unit = switch (value.charAt(value.length() - 1)) {
            case 'H' -> TimeUnit.HOURS;
            case 'M' -> TimeUnit.MINUTES;
            case 'S' -> TimeUnit.SECONDS;
            case 'm' -> TimeUnit.MILLISECONDS;
            case 'u' -> TimeUnit.MICROSECONDS;
            case 'n' -> TimeUnit.NANOSECONDS;
            default -> null;
        };
        return unit == null ? NONE : unit.toNanos(amount);
    }
}
