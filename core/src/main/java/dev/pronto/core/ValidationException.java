package dev.pronto.core;

import java.util.List;
import java.util.Objects;

/**
 * A 400 listing every invalid field of a request, thrown by generated validators (or by hand).
 * With {@code ErrorFormat.PROBLEM_JSON} the response is an RFC 9457 document whose
 * {@code errors} member lists each field and what is wrong with it.
 */
public final class ValidationException extends HttpException {
    /**
     * One invalid value.
     *
     * @param field where the value came from, e.g. {@code body.name} or {@code query.limit}
     * @param message what is wrong, e.g. {@code must not be blank}
     */
    public record FieldError(String field, String message) {
        /** Validates that both are present. */
        public FieldError {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(message, "message");
        }
    }

    private final List<FieldError> errors;

    /**
     * Creates the exception; its message lists every error.
     *
     * @param errors the invalid fields; not empty
     */
    public ValidationException(List<FieldError> errors) {
        super(400, describe(errors));
        this.errors = List.copyOf(errors);
    }

    /** The invalid fields, in the order they were found. */
    public List<FieldError> errors() {
        return errors;
    }

    private static String describe(List<FieldError> errors) {
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a ValidationException needs at least one field error");
        }
        StringBuilder sb = new StringBuilder("Invalid request: ");
        for (int i = 0; i < errors.size(); i++) {
            sb.append(i == 0 ? "" : "; ").append(errors.get(i).field()).append(' ').append(errors.get(i).message());
        }
        return sb.toString();
    }
}
