package dev.pronto.core;

/**
 * 503 Service Unavailable: a dependency is down or the server is overloaded. The message is sent to the client as the body.
 */
public final class ServiceUnavailableException extends HttpException {
    /**
     * Creates a 503 with {@code message} as the body.
     *
     * @param message what the client should change; never null
     */
    public ServiceUnavailableException(String message) {
        super(503, message);
    }

    /**
     * Creates a 503 with {@code message} as the body, keeping {@code cause} for server logs.
     *
     * @param message what the client should change; never null
     * @param cause the underlying failure, never sent to the client
     */
    public ServiceUnavailableException(String message, Throwable cause) {
        super(503, message, cause);
    }
}
