package dev.pronto.router;

/**
 * How a {@link Router} treats one slash at the end of a path.
 */
public enum TrailingSlash {
    /**
     * The default: {@code /a/} and {@code /a} are different paths, and each matches only a route
     * registered with exactly that spelling.
     */
    STRICT,
    /**
     * One trailing slash is ignored on both sides: patterns are registered without it (so
     * {@code /a} and {@code /a/} are the same route) and a request for {@code /a/} matches
     * {@code /a}. Only one slash is ignored: {@code /a//} does not match {@code /a}. The root
     * {@code /} is unaffected. A lookup first tries the path without its trailing slash, then the
     * path as sent, so {@code /files/} still reaches {@code /files/{*path}} with an empty value
     * while {@code /files/a/} gives {@code path = "a"}.
     */
    IGNORE
}
