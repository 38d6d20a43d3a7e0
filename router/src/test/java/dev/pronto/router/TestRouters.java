package dev.pronto.router;

/** Shorthands for building routers in tests: each route's value is its own pattern. */
final class TestRouters {
    private TestRouters() {
    }

    /** A router with a GET route for each pattern, valued by the pattern. */
    static Router<String> get(String... patterns) {
        Router.Builder<String> builder = Router.builder();
        for (String pattern : patterns) {
            builder.add(Method.GET, pattern, pattern);
        }
        return builder.build();
    }

    /** The pattern GET {@code path} matches in {@code router}, or null if it does not match. */
    static String matched(Router<String> router, String path) {
        return router.find(Method.GET, path).value();
    }
}
