package dev.pronto.client.http;

/** The connection closed before the response arrived, and the request could not be retried (not idempotent, or {@code maxAttempts} reached). */
public final class ConnectionClosedException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public ConnectionClosedException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public ConnectionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
