package dev.pronto.examples.arena.redis;

/**
 * A Redis command that failed: Redis answered with an error, or it could not be reached (not connected,
 * connection lost, too many commands waiting, or no answer in time). Callers of a cache treat either as a
 * miss and read from the database.
 */
public final class RedisException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}; without a stack trace, as it is expected during an outage. */
    public RedisException(String message) {
        super(message, null, false, false);
    }
}
