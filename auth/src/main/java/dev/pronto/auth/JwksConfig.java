package dev.pronto.auth;

import java.time.Duration;
import java.util.Objects;

/**
 * How a JWKS URL is fetched and cached ({@link JwtKeys#jwks}).
 *
 * @param refresh how old the key set may grow before a request triggers a background refetch (default 5 min)
 * @param minRefetch the shortest time between two fetches, also for an unknown {@code kid} (default 30 s)
 * @param timeout the fetch's deadline (default 5 s)
 */
public record JwksConfig(Duration refresh, Duration minRefetch, Duration timeout) {
    /** Validates the settings; messages name the field and the value. */
    public JwksConfig {
        positive("refresh", refresh);
        positive("minRefetch", minRefetch);
        positive("timeout", timeout);
        if (minRefetch.compareTo(refresh) > 0) {
            throw new IllegalArgumentException("minRefetch must not exceed refresh (" + refresh + "), got " + minRefetch);
        }
    }

    /** 5 min refresh, 30 s between fetches, 5 s timeout. */
    public static JwksConfig defaults() {
        return new JwksConfig(Duration.ofMinutes(5), Duration.ofSeconds(30), Duration.ofSeconds(5));
    }

    /** A copy with another {@code refresh}. */
    public JwksConfig withRefresh(Duration value) {
        return new JwksConfig(value, minRefetch, timeout);
    }

    /** A copy with another {@code minRefetch}. */
    public JwksConfig withMinRefetch(Duration value) {
        return new JwksConfig(refresh, value, timeout);
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + " must be positive, got " + value);
        }
    }
}
