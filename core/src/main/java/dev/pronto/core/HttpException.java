package dev.pronto.core;

/**
 * An HTTP outcome thrown from a handler: the server answers with {@link #status()} and, as a
 * {@code text/plain} body, this exception's message.
 *
 * <p>Only the message of an {@code HttpException} ever reaches the client; any other exception
 * thrown by a handler becomes a generic 500 whose body says nothing about the cause. Messages
 * should tell the client what to change ("query parameter 'limit' must be an integer, got 'x'").
 * Instances are cheap: no stack trace is captured.
 */
public class HttpException extends RuntimeException {
    private final int status;

    /**
     * Creates an exception that maps to {@code status} with {@code message} as the body.
     *
     * @param status an HTTP status code in 400..599
     * @param message the text sent to the client; never null
     * @throws IllegalArgumentException if the status is outside 400..599
     */
    public HttpException(int status, String message) {
        this(status, message, null);
    }

    /**
     * Creates an exception that maps to {@code status}, keeping {@code cause} for server-side logs.
     *
     * @param status an HTTP status code in 400..599
     * @param message the text sent to the client
     * @param cause the underlying failure, never sent to the client; may be null
     */
    public HttpException(int status, String message, Throwable cause) {
        super(message, cause, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("HttpException status must be in 400..599, got " + status);
        }
        this.status = status;
    }

    /** The HTTP status code the server answers with. */
    public int status() {
        return status;
    }
}
