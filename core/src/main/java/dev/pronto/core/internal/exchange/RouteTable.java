package dev.pronto.core.internal.exchange;

import dev.pronto.router.Router;
import java.util.Comparator;
import java.util.List;

/**
 * The compiled routes of a server: the router, the root scope, and the group scopes that add
 * hooks or handlers (longest prefix first, for not-found handling). Immutable and shared.
 */
public final class RouteTable {
    private final Router<RouteEntry> router;
    private final Lifecycle root;
    private final List<Scope> scopes;
    private final boolean timed;

    /**
     * A group scope.
     *
     * @param prefix the group's full path prefix
     * @param lifecycle its merged scope
     */
    public record Scope(String prefix, Lifecycle lifecycle) {
    }

    /**
     * Creates the table.
     *
     * @param router the radix router of handlers (each route with its options and scope)
     * @param root the root scope
     * @param scopes group scopes with their prefixes
     */
    public RouteTable(Router<RouteEntry> router, Lifecycle root, List<Scope> scopes) {
        this.router = router;
        this.root = root;
        this.scopes = scopes.stream().sorted(Comparator.comparingInt((Scope s) -> s.prefix().length()).reversed())
                .toList();
        this.timed = !root.onResponse().isEmpty() || this.scopes.stream().anyMatch(s -> !s.lifecycle().onResponse().isEmpty());
    }

    /** The router. */
    public Router<RouteEntry> router() {
        return router;
    }

    /** The root scope. */
    public Lifecycle root() {
        return root;
    }

    /** Whether any scope observes responses, so requests must be timed. */
    boolean timed() {
        return timed;
    }

    /** The scope of the innermost group whose prefix covers {@code path}, or the root. */
    Lifecycle scopeFor(CharSequence path) {
        for (Scope s : scopes) {
            String p = s.prefix();
            if (startsWith(path, p) && (path.length() == p.length() || path.charAt(p.length()) == '/')) {
                return s.lifecycle();
            }
        }
        return root;
    }

    private static boolean startsWith(CharSequence s, String prefix) {
        if (s.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (s.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
