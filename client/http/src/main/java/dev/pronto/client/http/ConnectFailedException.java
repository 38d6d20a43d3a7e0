package dev.pronto.client.http;

/**
 * A connection to the host could not be opened: refused, unresolved, not within {@code connectTimeout},
 * its TLS handshake failed, or (h2c) the server did not answer the HTTP/2 preface.
 */
public final class ConnectFailedException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public ConnectFailedException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public ConnectFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
