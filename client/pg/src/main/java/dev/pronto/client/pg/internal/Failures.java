package dev.pronto.client.pg.internal;

import dev.pronto.core.HttpException;
import dev.pronto.core.ServiceUnavailableException;
import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import java.io.IOException;

/** Maps driver failures to what a handler should see: 503 for unavailability, the rest unchanged. */
final class Failures {
    private Failures() {
    }

    /** The 503 for a query that found no live connection, or lost it; {@code cause} may be null. */
    static ServiceUnavailableException unavailable(Throwable cause) {
        String why = cause == null ? "not connected yet" : describe(cause);
        // Without the cause: HttpException(status, message, cause) cannot take one (its cause is preset).
        return new ServiceUnavailableException("database unavailable: " + why + "; retrying");
    }

    /** What a query's stage fails with for the driver's {@code cause}. */
    static Throwable map(Throwable cause) {
        if (cause instanceof HttpException) {
            return cause;
        }
        if (cause instanceof PgException pg) {
            return lostServer(pg.getSqlState()) ? unavailable(cause) : cause;
        }
        if (cause instanceof VertxException || cause instanceof IOException) {
            return unavailable(cause);
        }
        return cause;
    }

    /** SQLSTATE classes 08 (connection), 53 (resources) and 57 (shutdown, crash recovery). */
    private static boolean lostServer(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("53") || state.startsWith("57"));
    }

    // The class name and SQLSTATE only: messages may hold host names that clients should not see.
    private static String describe(Throwable cause) {
        if (cause instanceof PgException pg) {
            return "server error " + pg.getSqlState();
        }
        Throwable root = cause instanceof VertxException && cause.getCause() != null ? cause.getCause() : cause;
        return root.getClass().getSimpleName();
    }
}
