package dev.pronto.client.http;

/**
 * The server reset the HTTP/2 stream of the request (RST_STREAM) before the response was complete, or, for
 * {@link Http3Client}, its HTTP/3 request stream (RESET_STREAM with an HTTP/3 error code, RFC 9114 §8.1).
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

    /**
     * The error code of the reset: HTTP/2's (RFC 9113 §7), e.g. 0x7 for REFUSED_STREAM, 0x8 for CANCEL, or
     * HTTP/3's (RFC 9114 §8.1), e.g. 0x102 for H3_INTERNAL_ERROR.
     */
    public long errorCode() {
        return errorCode;
    }
}
