package dev.pronto.core;

/**
 * 413 Payload Too Large: the request body exceeds a configured limit. The message is sent to the client as the body.
 */
public final class PayloadTooLargeException extends HttpException {
    /**
     * Creates a 413 with {@code message} as the body.
     *
     * @param message what the client should change; never null
     */
    public PayloadTooLargeException(String message) {
        super(413, message);
    }

    /**
     * Creates a 413 with {@code message} as the body, keeping {@code cause} for server logs.
     *
     * @param message what the client should change; never null
     * @param cause the underlying failure, never sent to the client
     */
    public PayloadTooLargeException(String message, Throwable cause) {
        super(413, message, cause);
    }
}
