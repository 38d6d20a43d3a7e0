package dev.pronto.client.http;

/** More than {@code maxRedirects} redirects were followed for one request. */
public final class TooManyRedirectsException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A failure with a message. */
    public TooManyRedirectsException(String message) {
        super(message);
    }

    /** A failure with a message and its cause. */
    public TooManyRedirectsException(String message, Throwable cause) {
        super(message, cause);
    }
}
