package dev.pronto.core;

/**
 * 400 Bad Request: the request is malformed or a value does not convert. The message is sent to the client as the body.
 */
public final class BadRequestException extends HttpException {
    /**
     * Creates a 400 with {@code message} as the body.
     *
     * @param message what the client should change; never null
     */
    public BadRequestException(String message) {
        super(400, message);
    }

    /**
     * Creates a 400 with {@code message} as the body, keeping {@code cause} for server logs.
     *
     * @param message what the client should change; never null
     * @param cause the underlying failure, never sent to the client
     */
    public BadRequestException(String message, Throwable cause) {
        super(400, message, cause);
    }
}
