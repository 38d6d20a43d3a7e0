package dev.pronto.client.http;

/** No response arrived within the request timeout; the connection it was sent on has been closed. */
public final class RequestTimeoutException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public RequestTimeoutException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public RequestTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
