package dev.pronto.client.http;

/**
 * The server reset the HTTP/2 stream of the request (RST_STREAM) before the response was complete.
 * A stream refused with {@code REFUSED_STREAM} was not processed, so an idempotent request is retried
 * first, within {@code maxAttempts}; this is the failure when it is not.
 */
public final class StreamResetException extends ClientException {
    private static final long serialVersionUID = 1L;

    private final long errorCode;

    /** A failure with a message and the RST_STREAM error code. */
    public StreamResetException(String message, long errorCode) {
        super(message);
        this.errorCode = errorCode;
    }

    /** The HTTP/2 error code of the reset (RFC 9113 §7), e.g. 0x7 for REFUSED_STREAM, 0x8 for CANCEL. */
    public long errorCode() {
        return errorCode;
    }
}
