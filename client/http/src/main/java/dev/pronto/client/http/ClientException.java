package dev.pronto.client.http;

/**
 * Base of the client's failures. Messages name the request and, when a limit was hit, the
 * configuration field to raise. Subclasses tell the cases apart.
 */
public class ClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public ClientException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public ClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
