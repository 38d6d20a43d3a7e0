package dev.pronto.processor;

/** Where a converted parameter's raw value comes from, and what shapes that source allows. */
enum Source {
    PATH("PATH", "req.param", "path"),
    QUERY("QUERY", "req.query", "query"),
    HEADER("HEADER", "req.header", "header"),
    COOKIE("COOKIE", "req.cookie", "cookie"),
    /** A form field: read from the {@code form$} local the generated handler declares first. */
    FORM("FORM", "form$.value", "form");

    final String constant;
    final String getter;
    /** The prefix of field names in validation errors, e.g. {@code query} in {@code query.limit}. */
    final String field;

    Source(String constant, String getter, String field) {
        this.constant = constant;
        this.getter = getter;
        this.field = field;
    }

    /** Optional values: a path parameter is always present when the route matches. */
    boolean allowsOptional() {
        return this != PATH;
    }

    /** Repeated values: only query parameters and headers can repeat. */
    boolean allowsList() {
        return this == QUERY || this == HEADER || this == FORM;
    }

    /** The getter returning every value of a repeated parameter. */
    String listGetter() {
        return switch (this) {
            case QUERY -> "req.queries";
            case FORM -> "form$.fields().values";
            default -> "req.headers";
        };
    }

    /** The types this source accepts, for error messages. */
    String accepted() {
        String scalars = "String, a primitive or its box, UUID or an enum";
        if (allowsList()) {
            return scalars + ", or Optional<T> or List<T> of those";
        }
        return allowsOptional() ? scalars + ", or Optional<T> of those" : scalars;
    }
}
