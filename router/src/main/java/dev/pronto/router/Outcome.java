package dev.pronto.router;

/**
 * The result of a {@link Router#find} lookup, and what the server should answer.
 */
public enum Outcome {
    /**
     * A route matched the method and path; {@link RouteMatch#value()} is its value. This includes
     * a HEAD request answered by a GET route, and an OPTIONS request with its own OPTIONS route.
     */
    MATCHED,
    /** No route matches the path under any method: answer 404. */
    NOT_FOUND,
    /**
     * The path matches routes of other methods only: answer 405 with
     * {@link RouteMatch#allow()} as the {@code Allow} header.
     */
    METHOD_NOT_ALLOWED,
    /**
     * The method is OPTIONS, no OPTIONS route matches, but the path matches routes of other
     * methods: answer 204 with {@link RouteMatch#allow()} as the {@code Allow} header.
     */
    OPTIONS
}
