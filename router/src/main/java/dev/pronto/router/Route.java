package dev.pronto.router;

import java.util.Objects;

/**
 * One registered route: a method, the pattern as written at registration, and its value.
 *
 * @param method the HTTP method; never null
 * @param pattern the pattern as passed to {@link Router.Builder#add}, e.g. {@code "/users/{id}"}
 * @param value the value a match returns, typically a handler; never null
 * @param <T> the value type
 */
public record Route<T>(Method method, String pattern, T value) {

    /**
     * Creates a route; the pattern is not validated here, {@link Router.Builder#add} does that.
     *
     * @throws NullPointerException if any component is null
     */
    public Route {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(value, "value");
    }

    /** The route as {@code "METHOD pattern"}, the form used in error messages. */
    @Override
    public String toString() {
        return method + " " + pattern;
    }
}
