package dev.pronto.client.http;

/** The server sent bytes that are not a valid HTTP/1.1 response; the connection has been closed. */
public final class MalformedResponseException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public MalformedResponseException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public MalformedResponseException(String message, Throwable cause) {
        super(message, cause);
    }
}
