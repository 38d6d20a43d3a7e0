package dev.pronto.client.http;

import dev.pronto.core.UpstreamFailure;

/**
 * A connection to the host could not be opened: refused, unresolved, not within {@code connectTimeout},
 * its TLS handshake failed, or (h2c) the server did not answer the HTTP/2 preface. Unhandled in a Pronto
 * handler, it makes the server answer 502 Bad Gateway.
 */
public final class ConnectFailedException extends ClientException implements UpstreamFailure {
    private static final long serialVersionUID = 1L;
    /** The status a Pronto server answers with when this failure is unhandled. */
    public static final int STATUS = 502;

    /** A failure with a message. */
    public ConnectFailedException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public ConnectFailedException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@value #STATUS} ({@code 502 Bad Gateway}): what a server answers when this failure reaches it unhandled. */
    @Override
    public int status() {
        return STATUS;
    }
}
