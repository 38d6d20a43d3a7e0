package dev.pronto.client.http;

/** The request was refused because {@code maxPending} requests already wait for a connection to its host. */
public final class PendingLimitException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public PendingLimitException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public PendingLimitException(String message, Throwable cause) {
        super(message, cause);
    }
}
