package dev.pronto.processor;

/** Where a converted parameter's raw value comes from, and what shapes that source allows. */
enum Source {
    PATH("PATH", "req.param"),
    QUERY("QUERY", "req.query"),
    HEADER("HEADER", "req.header"),
    COOKIE("COOKIE", "req.cookie");

    final String constant;
    final String getter;

    Source(String constant, String getter) {
        this.constant = constant;
        this.getter = getter;
    }

    /** Optional values: a path parameter is always present when the route matches. */
    boolean allowsOptional() {
        return this != PATH;
    }

    /** Repeated values: only query parameters and headers can repeat. */
    boolean allowsList() {
        return this == QUERY || this == HEADER;
    }

    /** The getter returning every value of a repeated parameter. */
    String listGetter() {
        return this == QUERY ? "req.queries" : "req.headers";
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
