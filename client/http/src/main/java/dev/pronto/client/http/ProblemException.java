package dev.pronto.client.http;

import java.util.List;
import java.util.Objects;

/**
 * An error answer (a status outside 2xx) to a call made through a client generated from a
 * contract interface: the status, and what the server said about it, read from an RFC 9457
 * {@code application/problem+json} body or, failing that, from a plain-text one.
 *
 * <p>With a problem document, {@link #title()}, {@link #detail()} and {@link #type()} are its
 * members and {@link #errors()} its {@code errors} list (each invalid field of a 400). With a
 * plain-text body, the title is the status's reason phrase, the detail the text, and the errors
 * are read from Pronto's text form of a validation failure ({@code Invalid request: body.name
 * must not be blank; ...}); otherwise they are empty. Immutable; thrown on an event loop (or from
 * a blocking call).
 */
public final class ProblemException extends ClientException {
    private static final long serialVersionUID = 1L;

    /**
     * One invalid value named by the server.
     *
     * @param field where the value was, e.g. {@code body.name} or {@code query.limit}
     * @param message what is wrong with it, e.g. {@code must not be blank}
     */
    public record FieldError(String field, String message) {
        /** Checks that both are present. */
        public FieldError {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(message, "message");
        }
    }

    private final int status;
    private final String type;
    private final String title;
    private final String detail;
    private final transient List<FieldError> errors;

    /**
     * Creates the exception; its message is {@code "<request>: <status> <title>: <detail>"}.
     *
     * @param request the call, e.g. {@code POST http://host/items}, for the message
     * @param status the response status
     * @param problem type, title and detail (each may be null)
     * @param errors the invalid fields, possibly empty
     */
    public ProblemException(String request, int status, Problem problem, List<FieldError> errors) {
        super(request + ": " + status + (problem.title() == null ? "" : " " + problem.title())
                + (problem.detail() == null ? "" : ": " + problem.detail()));
        this.status = status;
        this.type = problem.type();
        this.title = problem.title();
        this.detail = problem.detail();
        this.errors = List.copyOf(errors);
    }

    /**
     * The text members of a problem document.
     *
     * @param type a URI naming the kind of problem, e.g. {@code about:blank}, or null
     * @param title a short summary, e.g. {@code Bad Request}, or null
     * @param detail this occurrence's explanation, or null
     */
    public record Problem(String type, String title, String detail) {
    }

    /** The response status, e.g. 400. */
    public int status() {
        return status;
    }

    /** The problem's {@code type}, or null when the server sent none (plain text). */
    public String type() {
        return type;
    }

    /** The problem's {@code title}, else the status's reason phrase; null for an unknown status without one. */
    public String title() {
        return title;
    }

    /** The problem's {@code detail}, else the plain-text body; null when the body was empty. */
    public String detail() {
        return detail;
    }

    /** The invalid fields the server listed, in its order; empty when it listed none. */
    public List<FieldError> errors() {
        return errors;
    }
}
