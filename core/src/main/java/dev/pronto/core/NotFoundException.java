package dev.pronto.core;

/**
 * 404 Not Found: nothing is served at this path. The message is sent to the client as the body.
 */
public final class NotFoundException extends HttpException {
    /**
     * Creates a 404 with {@code message} as the body.
     *
     * @param message what the client should change; never null
     */
    public NotFoundException(String message) {
        super(404, message);
    }

    /**
     * Creates a 404 with {@code message} as the body, keeping {@code cause} for server logs.
     *
     * @param message what the client should change; never null
     * @param cause the underlying failure, never sent to the client
     */
    public NotFoundException(String message, Throwable cause) {
        super(404, message, cause);
    }
}
