/**
 * Pronto's HTTP router: an allocation-free radix trie from (method, path) to any value type,
 * independent of the server.
 *
 * <p>{@link dev.pronto.router.Router} holds the routes and the lookup, its
 * {@link dev.pronto.router.Router.Builder} validates patterns at registration, and
 * {@link dev.pronto.router.RouteMatch} is the reusable result holder. The class javadoc of
 * {@code Router} documents the pattern syntax, the match order (static, then param, then
 * catch-all, with backtracking), the 405/HEAD/OPTIONS rules, and the path policies: raw
 * (percent-encoded) matching, no {@code //} collapsing, {@code %2F} never splitting a segment, and
 * the {@link dev.pronto.router.TrailingSlash} policy.
 *
 * <p>Package-private types ({@code Node}, {@code Draft}, {@code PatternParser}) are the trie and
 * its construction and are not API.
 */
package dev.pronto.router;
