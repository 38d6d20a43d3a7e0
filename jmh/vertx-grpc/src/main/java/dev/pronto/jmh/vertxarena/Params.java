package dev.pronto.jmh.vertxarena;

import io.vertx.ext.web.RoutingContext;

/** Integer query and path parameters: absent gives the fallback, malformed fails the request with 400. */
final class Params {
    private Params() {
    }

    /** The query parameter {@code name}, {@code fallback} when absent, or null after failing {@code rc} with 400. */
    static Integer integer(RoutingContext rc, String name, int fallback) {
        String value = rc.request().getParam(name);
        return value == null || value.isEmpty() ? Integer.valueOf(fallback) : parse(rc, value.strip());
    }

    /** {@code value} as an int, or null after failing {@code rc} with 400. */
    static Integer parse(RoutingContext rc, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            rc.fail(400);
            return null;
        }
    }
}
