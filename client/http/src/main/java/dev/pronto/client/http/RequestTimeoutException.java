package dev.pronto.client.http;

import dev.pronto.core.UpstreamFailure;

/**
 * No response arrived within the request timeout; the connection it was sent on has been closed. Unhandled
 * in a Pronto handler, it makes the server answer 504 Gateway Timeout.
 */
public final class RequestTimeoutException extends ClientException implements UpstreamFailure {
    private static final long serialVersionUID = 1L;
    /** The status a Pronto server answers with when this failure is unhandled. */
    public static final int STATUS = 504;

    /** A failure with a message. */
    public RequestTimeoutException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public RequestTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@value #STATUS} ({@code 504 Gateway Timeout}): what a server answers when this failure reaches it unhandled. */
    @Override
    public int status() {
        return STATUS;
    }
}
