package dev.pronto.processor;

/**
 * One constraint check in generated code.
 *
 * @param failure a Java condition, true when the value breaks the constraint, with {@code #} for the value,
 *     e.g. {@code # == null || #.isBlank()}
 * @param message the field error message, e.g. {@code must not be blank}
 */
record Check(String failure, String message) {
    /** The condition for the value held in {@code local}. */
    String failureOf(String local) {
        return failure.replace("#", local);
    }
}
