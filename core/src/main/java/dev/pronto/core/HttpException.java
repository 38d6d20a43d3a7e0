package dev.pronto.core;

import dev.pronto.wire.Excerpt;

/**
 * An HTTP outcome thrown from a handler: the server answers with {@link #status()} and, as a
 * {@code text/plain} body, this exception's message.
 *
 * <p>Only the message of an {@code HttpException} ever reaches the client; any other exception
 * thrown by a handler becomes a generic 500 whose body says nothing about the cause. Messages
 * should tell the client what to change ("query parameter 'limit' must be an integer, got 'x'").
 * Instances are cheap: no stack trace is captured.
 */
public class HttpException extends RuntimeException {
    /** How many characters of client input {@link #excerpt} keeps. */
    public static final int EXCERPT_LENGTH = Excerpt.LENGTH;

    private final int status;

    /**
     * Creates an exception that maps to {@code status} with {@code message} as the body.
     *
     * @param status an HTTP status code in 400..599
     * @param message the text sent to the client; never null
     * @throws IllegalArgumentException if the status is outside 400..599
     */
    public HttpException(int status, String message) {
        this(status, message, null);
    }

    /**
     * Creates an exception that maps to {@code status}, keeping {@code cause} for server-side logs.
     *
     * @param status an HTTP status code in 400..599
     * @param message the text sent to the client
     * @param cause the underlying failure, never sent to the client; may be null
     */
    public HttpException(int status, String message, Throwable cause) {
        super(message, cause, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("HttpException status must be in 400..599, got " + status);
        }
        this.status = status;
    }

    /** The HTTP status code the server answers with. */
    public int status() {
        return status;
    }

    /**
     * Returns client input shortened for an error message that quotes it: the first
     * {@value #EXCERPT_LENGTH} characters, then an ellipsis (U+2026) when there were more, with control
     * characters written as {@code \xNN}. Use it wherever a message echoes what the client sent, so a
     * request can never make the server answer (or log) more than a short excerpt of its own bytes.
     *
     * @param input what the client sent; null is returned as {@code "null"}
     * @return the excerpt, at most {@value #EXCERPT_LENGTH} characters of input plus escapes
     */
    public static String excerpt(CharSequence input) {
        return Excerpt.of(input);
    }
}
