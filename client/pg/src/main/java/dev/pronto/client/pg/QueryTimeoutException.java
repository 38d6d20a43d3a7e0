package dev.pronto.client.pg;

import dev.pronto.core.HttpException;
import java.time.Duration;

/**
 * 504 Gateway Timeout: a query stayed unanswered longer than {@link PgConfig#queryTimeout()}, or
 * past the caller's deadline ({@link PgClient#within}).
 * Its connection is closed and re-established, so queries queued behind it fail with 503 rather
 * than wait. Unavailability (no live connection, connection lost) is a
 * {@link dev.pronto.core.ServiceUnavailableException} (503) instead.
 */
public final class QueryTimeoutException extends HttpException {
    /**
     * Creates the exception for a query that waited longer than {@code timeout}.
     *
     * @param timeout the configured query timeout
     */
    public QueryTimeoutException(Duration timeout) {
        super(504, "database query timed out after " + timeout.toMillis() + " ms (PgConfig.queryTimeout)");
    }

    private QueryTimeoutException(String message) {
        super(504, message);
    }

    /** The exception for a query stopped at the caller's deadline ({@link PgClient#within}). */
    public static QueryTimeoutException deadline() {
        return new QueryTimeoutException("database query stopped at the caller's deadline");
    }
}
