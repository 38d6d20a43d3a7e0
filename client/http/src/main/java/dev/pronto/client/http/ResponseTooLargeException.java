package dev.pronto.client.http;

/** The response head or body exceeded {@code maxHeaderSize} or {@code maxResponseSize}; the connection has been closed. */
public final class ResponseTooLargeException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public ResponseTooLargeException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public ResponseTooLargeException(String message, Throwable cause) {
        super(message, cause);
    }
}
