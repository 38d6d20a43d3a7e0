package dev.pronto.router;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable radix-trie router from (method, path) to a value of type {@code T}, usually a handler.
 *
 * <pre>{@code
 * Router<Handler> router = Router.<Handler>builder()
 *         .add(Method.GET, "/users/{id}", users::byId)
 *         .add(Method.GET, "/files/{*path}", files::get)
 *         .build();
 * RouteMatch<Handler> match = router.newMatch();          // one per thread or connection
 * if (router.find(Method.GET, "/users/42", match) == Outcome.MATCHED) {
 *     match.value().handle(match.param("id"));            // "42"
 * }
 * }</pre>
 *
 * <p><b>Patterns.</b> A pattern starts with {@code /} and is made of segments separated by
 * {@code /}. A segment is static text, a param {@code {name}} that matches one non-empty segment,
 * or, as the last segment only, a catch-all {@code {*name}} that matches the rest of the path,
 * slashes included, possibly empty. A param fills its whole segment ({@code /img/{n}.png} is
 * rejected). Names use letters, digits, {@code _} and {@code -}, and are unique within a pattern.
 * Static text is compared case-sensitively with the raw path, so write it as it appears on the
 * wire (percent-encoded).
 *
 * <p><b>Match order.</b> At each node the router tries the static child first, then the param,
 * then the catch-all, and backtracks to the next alternative when a branch cannot reach a route
 * for the request's method. With {@code /a/{x}/c} and {@code /a/b/{y}}, {@code /a/b/c} matches
 * {@code /a/b/{y}}, {@code /a/z/c} matches {@code /a/{x}/c}. With {@code /a/b/c} (POST only) and
 * {@code /a/{x}/c} (GET), a GET of {@code /a/b/c} matches {@code /a/{x}/c}: a route for the method
 * always beats a more specific route for another method.
 *
 * <p><b>Methods.</b> When no route for the method matches but routes for other methods do, the
 * outcome is {@link Outcome#METHOD_NOT_ALLOWED}, or {@link Outcome#OPTIONS} for an OPTIONS request,
 * with {@link RouteMatch#allow()} listing the methods of all those routes. A HEAD request without a
 * HEAD route is answered by the GET route of the same node (automatic HEAD).
 *
 * <p><b>Paths.</b> {@code find} takes the raw request path, without the query string and not
 * decoded, as any {@link CharSequence}: a String, or a view over the request's bytes (such as
 * Netty's {@code AsciiString}), so nothing has to be copied first. It is matched as it is: {@code //} is not collapsed ({@code /a//b} does not match
 * {@code /a/b}) and an empty segment never matches a param; {@code %2F} inside a segment is part of
 * that segment's param value (decoded to {@code /} by {@link RouteMatch#param(String)}), never a
 * separator; {@code +} is not a space. A trailing slash is significant unless the builder sets
 * {@link TrailingSlash#IGNORE}. Anything not starting with {@code /}, such as {@code *}, never
 * matches.
 *
 * <p><b>Threads.</b> A router is immutable and safe to share. Lookups do not allocate.
 *
 * @param <T> the route value type
 */
public final class Router<T> {
    private static final int TRY_STATIC = 0;
    private static final int TRY_PARAM = 1;
    private static final int TRY_CATCH_ALL = 2;
    private static final int GET = Method.GET.ordinal();
    private static final int HEAD = Method.HEAD.ordinal();

    private final Node root;
    private final boolean ignoreTrailingSlash;
    private final int maxParams;
    private final int maxDepth;
    private final List<Route<T>> routes;

    private Router(Builder<T> builder) {
        root = Node.compile(builder.draft);
        ignoreTrailingSlash = builder.trailingSlash == TrailingSlash.IGNORE;
        maxParams = root.maxParams();
        maxDepth = root.depth;
        routes = List.copyOf(builder.routes);
    }

    /** Starts an empty router builder with {@link TrailingSlash#STRICT}. */
    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /**
     * Looks up the route for {@code method} and {@code path} without allocating.
     *
     * <p>{@code match} is reset, then filled with the outcome, the route's value and pattern, the
     * {@code Allow} value and the param offsets; see {@link RouteMatch}. The holder should come from
     * {@link #newMatch()}; one from elsewhere works but may grow once.
     *
     * @param method the request method
     * @param path the raw request path without the query string, not percent-decoded
     * @param match the holder to fill, owned by the calling thread
     * @return {@code match.outcome()}
     */
    public Outcome find(Method method, CharSequence path, RouteMatch<T> match) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        match.reset(path, maxParams, maxDepth);
        int end = path.length();
        int ordinal = method.ordinal();
        boolean found = ignoreTrailingSlash && end > 1 && path.charAt(end - 1) == '/'
                && search(ordinal, path, end - 1, match);
        if (!found && !search(ordinal, path, end, match)) {
            match.missed(method);
        }
        return match.outcome();
    }

    /**
     * Looks up the route for {@code method} and {@code path} in a new holder; for tests and cold
     * paths. See {@link #find(Method, CharSequence, RouteMatch)}.
     *
     * @return a new match; check its {@link RouteMatch#outcome()}
     */
    public RouteMatch<T> find(Method method, CharSequence path) {
        RouteMatch<T> match = newMatch();
        find(method, path, match);
        return match;
    }

    /** A new reusable holder with room for this router's largest param count and trie depth. */
    public RouteMatch<T> newMatch() {
        return new RouteMatch<>(maxParams, maxDepth);
    }

    /** The registered routes in registration order, with their patterns as written. */
    public List<Route<T>> routes() {
        return routes;
    }

    /**
     * Draws the trie for debugging, one node per line, indented by depth, with the methods of the
     * routes that end at each node:
     * <pre>
     * /users (GET)
     *   /
     *     {id} (GET, DELETE)
     * </pre>
     */
    public String prettyPrint() {
        return TreePrinter.print(root);
    }

    /**
     * Matches {@code path[0, end)} against the trie: the one hot loop of this module.
     *
     * <p>The loop walks down one node at a time. {@code stage} says which kind of child to try next
     * at {@code node}, whose own piece ends at {@code pos}. Before taking a child that has untried
     * alternatives (a param or catch-all sibling), it pushes the node and the next stage onto the
     * stack in {@code match}; when a branch dead-ends it pops, which is the backtracking. A node
     * reached at the end of the path whose routes lack the method is remembered in
     * {@code match.seenMethods} for the 405 and OPTIONS answers, and the search goes on.
     *
     * @return true if a route for the method matched and {@code match} holds it
     */
    private boolean search(int ordinal, CharSequence path, int end, RouteMatch<T> match) {
        // The root's label is matched before the loop, its first char here and the rest like any
        // static child's. Measured with C2: this shape, with labels compared in restMatches, runs
        // 20-30% faster than starting the loop at an empty root or comparing labels inline.
        Node node = root;
        char[] rootLabel = node.label;
        if (rootLabel.length > 0
                && (end == 0 || path.charAt(0) != rootLabel[0] || !restMatches(node, path, 1, end))) {
            return false;
        }
        int pos = rootLabel.length;
        int params = 0;
        int stage = TRY_STATIC;
        int top = 0;
        int[] offsets = match.offsets;
        while (true) {
            if (stage == TRY_STATIC) {
                if (pos == end) {
                    // The path is used up: this node's routes decide, and only a catch-all child
                    // (matching the empty rest) can still match below it.
                    if (node.methods != 0) {
                        int route = routeFor(node, ordinal);
                        if (route >= 0) {
                            match.matched(node, route, params);
                            return true;
                        }
                        match.seenMethods |= node.methods;
                    }
                } else {
                    Node child = node.staticChild(path.charAt(pos));
                    if (child != null && restMatches(child, path, pos + 1, end)) {
                        if (node.param != null || node.catchAll != null) {
                            match.push(top++, node, pos, params << 2 | TRY_PARAM);
                        }
                        node = child;
                        pos += child.label.length;
                        continue;
                    }
                }
                stage = TRY_PARAM;
            }
            if (stage == TRY_PARAM && node.param != null) {
                // A param takes the segment up to the next '/' and never an empty one.
                int stop = pos;
                while (stop < end && path.charAt(stop) != '/') {
                    stop++;
                }
                if (stop > pos) {
                    if (node.catchAll != null) {
                        match.push(top++, node, pos, params << 2 | TRY_CATCH_ALL);
                    }
                    offsets[2 * params] = pos;
                    offsets[2 * params + 1] = stop;
                    params++;
                    node = node.param;
                    pos = stop;
                    stage = TRY_STATIC;
                    continue;
                }
            }
            Node rest = node.catchAll;
            if (rest != null) {
                // A catch-all is always a leaf: it takes the rest of the path or nothing.
                offsets[2 * params] = pos;
                offsets[2 * params + 1] = end;
                int route = routeFor(rest, ordinal);
                if (route >= 0) {
                    match.matched(rest, route, params + 1);
                    return true;
                }
                match.seenMethods |= rest.methods;
            }
            if (top == 0) {
                return false;
            }
            top--;
            node = match.stackNodes[top];
            pos = match.stackPositions[top];
            params = match.stackStates[top] >>> 2;
            stage = match.stackStates[top] & 3;
        }
    }

    /**
     * Whether {@code path[from, end)} starts with the label of {@code node} minus its first char,
     * which {@link Node#staticChild} has already matched at {@code from - 1}.
     */
    private static boolean restMatches(Node node, CharSequence path, int from, int end) {
        char[] label = node.label;
        if (end - from < label.length - 1) {
            return false;
        }
        for (int i = 1; i < label.length; i++) {
            if (path.charAt(from + i - 1) != label[i]) {
                return false;
            }
        }
        return true;
    }

    /** The method ordinal whose route at {@code node} answers {@code ordinal}, or -1: HEAD falls back to GET. */
    private static int routeFor(Node node, int ordinal) {
        Object[] values = node.values;
        return values[ordinal] != null ? ordinal : ordinal == HEAD && values[GET] != null ? GET : -1;
    }

    /**
     * Collects routes for a {@link Router}. Each {@link #add} validates its pattern and checks it
     * against the routes added before, so a mistake fails at the line that makes it. A builder is
     * not thread-safe; it may keep being used after {@link #build()}, which copies.
     *
     * @param <T> the route value type
     */
    public static final class Builder<T> {
        private final List<Route<T>> routes = new ArrayList<>();
        private TrailingSlash trailingSlash = TrailingSlash.STRICT;
        private Draft draft = Draft.root();

        private Builder() {
        }

        /**
         * Registers {@code value} for {@code method} and {@code pattern}; see {@link Router} for
         * the pattern syntax.
         *
         * @throws IllegalArgumentException if the pattern is malformed (the message quotes it and
         *     says what to change), or if it duplicates or conflicts with an earlier route (the
         *     message names both routes, e.g. {@code "GET /a/{y} conflicts with GET /a/{x}: ..."})
         * @throws NullPointerException if an argument is null
         */
        public Builder<T> add(Method method, String pattern, T value) {
            Route<T> route = new Route<>(method, pattern, value);
            draft.insert(route, PatternParser.parse(pattern, trailingSlash));
            routes.add(route);
            return this;
        }

        /**
         * Sets how a trailing slash is treated; {@link TrailingSlash#STRICT} by default. May be
         * called before or after routes are added.
         *
         * @throws IllegalArgumentException if routes already added collide under the new policy,
         *     such as {@code /a} and {@code /a/} under IGNORE
         */
        public Builder<T> trailingSlash(TrailingSlash policy) {
            Objects.requireNonNull(policy, "policy");
            Draft rebuilt = Draft.root();
            for (Route<T> route : routes) {
                rebuilt.insert(route, PatternParser.parse(route.pattern(), policy));
            }
            draft = rebuilt;
            trailingSlash = policy;
            return this;
        }

        /** Builds an immutable router from the routes added so far. */
        public Router<T> build() {
            return new Router<>(this);
        }
    }
}
