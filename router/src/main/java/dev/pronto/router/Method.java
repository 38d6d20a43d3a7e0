package dev.pronto.router;

import java.util.Objects;

/**
 * The HTTP request methods a {@link Router} can route.
 *
 * <p>{@link #ordinal()} indexes the router's per-node method tables, so the declaration order is
 * also the order in which methods appear in an {@code Allow} header.
 */
public enum Method {
    /** {@code GET}. A GET route also answers HEAD unless HEAD has its own route. */
    GET,
    /** {@code HEAD}. */
    HEAD,
    /** {@code POST}. */
    POST,
    /** {@code PUT}. */
    PUT,
    /** {@code DELETE}. */
    DELETE,
    /** {@code PATCH}. */
    PATCH,
    /** {@code OPTIONS}. Answered automatically with the path's {@code Allow} list unless routed. */
    OPTIONS,
    /** {@code TRACE}. */
    TRACE,
    /** {@code CONNECT}. */
    CONNECT,
    /**
     * {@code QUERY}: a safe, idempotent request with a body (the IETF's "safe method with body"
     * draft). Known, so a path without a QUERY route answers 405 with its {@code Allow}, not 501.
     */
    QUERY;

    /**
     * Parses an upper-case ASCII method name without allocating.
     *
     * <p>Method names are case-sensitive (RFC 9110 §9.1): {@code "get"} is not {@code GET}.
     *
     * @param name the method token from the request line; never null
     * @return the method, or null if {@code name} is not one of the ten methods above
     */
    public static Method of(CharSequence name) {
        Objects.requireNonNull(name, "name");
        return switch (name.length()) {
            case 3 -> is(name, "GET") ? GET : is(name, "PUT") ? PUT : null;
            case 4 -> is(name, "POST") ? POST : is(name, "HEAD") ? HEAD : null;
            case 5 -> is(name, "PATCH") ? PATCH : is(name, "TRACE") ? TRACE : is(name, "QUERY") ? QUERY : null;
            case 6 -> is(name, "DELETE") ? DELETE : null;
            case 7 -> is(name, "OPTIONS") ? OPTIONS : is(name, "CONNECT") ? CONNECT : null;
            default -> null;
        };
    }

    private static boolean is(CharSequence name, String token) {
        for (int i = 0; i < token.length(); i++) {
            if (name.charAt(i) != token.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
