package dev.pronto.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The fields of a form: an {@code application/x-www-form-urlencoded} body ({@link Request#form()}) or the
 * non-file parts of a {@code multipart/form-data} one ({@link FormData#fields()}). Names and values are
 * decoded text; a name may carry several values, kept in order.
 *
 * <p>Immutable and thread-safe; it may outlive the request.
 */
public final class FormFields {
    private static final FormFields EMPTY = new FormFields(Map.of());

    private final Map<String, List<String>> fields;

    private FormFields(Map<String, List<String>> fields) {
        this.fields = fields;
    }

    /**
     * A form of {@code fields}, copied, in the map's order.
     *
     * @param fields names to their values; no null names, values or lists
     */
    public static FormFields of(Map<String, List<String>> fields) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        fields.forEach((name, values) -> copy.put(Objects.requireNonNull(name, "name"), List.copyOf(values)));
        return copy.isEmpty() ? EMPTY : new FormFields(java.util.Collections.unmodifiableMap(copy));
    }

    /** A form without fields. */
    public static FormFields empty() {
        return EMPTY;
    }

    /**
     * The first value of field {@code name}.
     *
     * @return the value ({@code ""} for a field sent without one), or null when absent
     */
    public String value(String name) {
        List<String> values = fields.get(name);
        return values == null ? null : values.get(0);
    }

    /** Every value of field {@code name}, in order; empty when absent. */
    public List<String> values(String name) {
        return fields.getOrDefault(name, List.of());
    }

    /** The field names, in order of first appearance. */
    public Set<String> names() {
        return fields.keySet();
    }

    /** Whether field {@code name} was sent. */
    public boolean has(String name) {
        return fields.containsKey(name);
    }

    /** The number of distinct names. */
    public int size() {
        return fields.size();
    }

    /** Every field, names to values in order; unmodifiable. */
    public Map<String, List<String>> asMap() {
        return fields;
    }

    @Override
    public String toString() {
        return "FormFields" + fields;
    }

    /** Collects fields in arrival order; for the server's parsers. Not thread-safe. */
    public static final class Builder {
        private final Map<String, List<String>> fields = new LinkedHashMap<>();

        /** An empty builder. */
        public Builder() {
        }

        /** Adds one value of {@code name}. */
        public Builder add(String name, String value) {
            fields.computeIfAbsent(name, n -> new ArrayList<>(1)).add(value);
            return this;
        }

        /** The form of the fields added so far. */
        public FormFields build() {
            return of(fields);
        }
    }
}
