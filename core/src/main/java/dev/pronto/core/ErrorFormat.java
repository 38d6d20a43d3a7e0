package dev.pronto.core;

/** How the server writes the bodies of the error responses it produces itself. */
public enum ErrorFormat {
    /** {@code text/plain}: the message only (the default). */
    TEXT,
    /**
     * RFC 9457 {@code application/problem+json}: {@code type}, {@code title}, {@code status},
     * {@code detail}, and {@code errors} for a {@link ValidationException}.
     */
    PROBLEM_JSON
}
