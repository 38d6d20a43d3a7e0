package dev.pronto.core;

/**
 * Implemented by exceptions of clients that call other services (such as {@code pronto-client-http}'s
 * {@code ConnectFailedException} and {@code RequestTimeoutException}): when one reaches the server's
 * error mapping unhandled, the server answers with {@link #status()} (502 Bad Gateway, 504 Gateway
 * Timeout) instead of a 500, with the status's reason phrase as the body (the exception's message,
 * which may name internal hosts, is only logged). An error handler registered for the exception type
 * or for that status still takes precedence.
 */
public interface UpstreamFailure {
    /**
     * The HTTP status the server answers with when this failure is unhandled.
     *
     * @return a status in 500..599, such as 502 or 504; constant for an instance
     */
    int status();
}
