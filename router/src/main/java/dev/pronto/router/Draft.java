package dev.pronto.router;

import java.util.ArrayList;
import java.util.List;

/**
 * A mutable trie node used while routes are registered. Inserting a route detects duplicates and
 * param-name conflicts; {@link Node#compile} turns the finished trie into the immutable lookup form.
 */
final class Draft {
    static final int METHOD_COUNT = Method.values().length;

    final Piece.Kind kind;
    /** The param or catch-all name; null for static nodes. */
    final String name;
    /** The route that created this param or catch-all node, quoted in conflict messages. */
    final Route<?> origin;
    String label;
    List<Draft> statics = new ArrayList<>();
    Draft param;
    Draft catchAll;
    Route<?>[] routes = new Route<?>[METHOD_COUNT];
    String[] paramNames;

    private Draft(Piece.Kind kind, String label, String name, Route<?> origin) {
        this.kind = kind;
        this.label = label;
        this.name = name;
        this.origin = origin;
    }

    /** An empty root whose static children hold every pattern. */
    static Draft root() {
        return new Draft(Piece.Kind.STATIC, "", null, null);
    }

    /**
     * Adds {@code route}, parsed into {@code pieces}, below this root.
     *
     * @throws IllegalArgumentException naming both routes if it duplicates or conflicts with one
     */
    void insert(Route<?> route, List<Piece> pieces) {
        Draft node = this;
        List<String> names = new ArrayList<>();
        for (Piece piece : pieces) {
            switch (piece.kind()) {
                case STATIC -> node = node.insertStatic(piece.text());
                case PARAM -> node = node.param = variable(node.param, piece, route);
                case CATCH_ALL -> node = node.catchAll = variable(node.catchAll, piece, route);
            }
            if (piece.kind() != Piece.Kind.STATIC) {
                names.add(piece.text());
            }
        }
        Route<?> existing = node.routes[route.method().ordinal()];
        if (existing != null) {
            String why = existing.pattern().equals(route.pattern()) ? "" : " (one trailing slash is ignored)";
            throw new IllegalArgumentException(route + " conflicts with " + existing
                    + ": both have the same method and path" + why + "; remove one of them");
        }
        node.routes[route.method().ordinal()] = route;
        node.paramNames = names.toArray(String[]::new);
    }

    private static Draft variable(Draft existing, Piece piece, Route<?> route) {
        if (existing == null) {
            return new Draft(piece.kind(), "", piece.text(), route);
        }
        if (!existing.name.equals(piece.text())) {
            Piece theirs = new Piece(piece.kind(), existing.name);
            throw new IllegalArgumentException(route + " conflicts with " + existing.origin + ": '"
                    + piece.written() + "' and '" + theirs.written()
                    + "' are at the same position; use the same name in both patterns");
        }
        return existing;
    }

    private Draft insertStatic(String text) {
        Draft node = this;
        int i = 0;
        while (i < text.length()) {
            Draft child = node.staticChild(text.charAt(i));
            if (child == null) {
                child = new Draft(Piece.Kind.STATIC, text.substring(i), null, null);
                node.statics.add(child);
                return child;
            }
            int common = 1;
            while (common < child.label.length() && i + common < text.length()
                    && child.label.charAt(common) == text.charAt(i + common)) {
                common++;
            }
            if (common < child.label.length()) {
                child.splitAt(common);
            }
            node = child;
            i += common;
        }
        return node;
    }

    private Draft staticChild(char first) {
        for (Draft child : statics) {
            if (child.label.charAt(0) == first) {
                return child;
            }
        }
        return null;
    }

    /** Keeps {@code label[0, at)} here and moves the rest of the label and everything below into a new child. */
    private void splitAt(int at) {
        Draft tail = new Draft(Piece.Kind.STATIC, label.substring(at), null, null);
        tail.statics = statics;
        tail.param = param;
        tail.catchAll = catchAll;
        tail.routes = routes;
        tail.paramNames = paramNames;
        label = label.substring(0, at);
        statics = new ArrayList<>(List.of(tail));
        param = null;
        catchAll = null;
        routes = new Route<?>[METHOD_COUNT];
        paramNames = null;
    }
}
