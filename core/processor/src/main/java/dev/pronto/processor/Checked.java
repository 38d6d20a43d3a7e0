package dev.pronto.processor;

import java.util.List;

/**
 * The checks of one value: a route parameter, or a property of a validated class.
 *
 * @param name the parameter or property name, which names its local variable
 * @param field the field in errors: {@code query.limit} for a parameter, {@code items} (after the
 *     validated object's path) for a property
 * @param read the expression producing the value, e.g. {@code value.items()}
 * @param optional whether the value is an {@code Optional} whose content is checked when present
 * @param checks the constraint checks, in source order
 * @param cascade how nested values are validated, or null
 */
record Checked(String name, String field, String read, boolean optional, List<Check> checks, Cascade cascade) {
    /**
     * Validation of values held by a {@code @Valid} value.
     *
     * @param shape how the value holds them
     * @param validator the qualified name of their {@code $Validator} class
     */
    record Cascade(Shape shape, String validator) {
    }

    /** How a {@code @Valid} value holds the values to validate. */
    enum Shape {
        /** The value itself: {@code items}. */
        SINGLE,
        /** Elements of a {@code List}: {@code items[2]}. */
        LIST,
        /** Elements of an array: {@code items[2]}. */
        ARRAY,
        /** Elements of another collection, without an index: {@code items[]}. */
        ITERABLE
    }
}
