package dev.pronto.router;

/**
 * An immutable trie node in lookup form. A node first matches its own piece of the path (its
 * static {@link #label}, one segment for a param node, the rest for a catch-all node), then its
 * children are tried in priority order: static, param, catch-all.
 */
final class Node {
    private static final char[] NO_CHARS = {};
    private static final Node[] NO_NODES = {};

    final Piece.Kind kind;
    /** The param or catch-all name; null for static nodes. */
    final String name;
    final char[] label;
    /**
     * The first char of each static child's label, in the same order as {@link #statics}. Sibling
     * labels never share a first char, and a linear scan of a small char array beats hashing.
     */
    final char[] firstChars;
    final Node[] statics;
    final Node param;
    final Node catchAll;
    /** Route values by {@link Method#ordinal()}; null where the method has no route. */
    final Object[] values;
    final String[] patterns;
    final String[] paramNames;
    /** Bit mask of the methods with a route ending here; 0 if none. */
    final int methods;
    final String allow;
    /** The largest number of nodes on a path from this node down to a leaf, this node included. */
    final int depth;

    private Node(Draft draft) {
        kind = draft.kind;
        name = draft.name;
        label = draft.label.isEmpty() ? NO_CHARS : draft.label.toCharArray();
        int n = draft.statics.size();
        firstChars = n == 0 ? NO_CHARS : new char[n];
        statics = n == 0 ? NO_NODES : new Node[n];
        int deepest = 0;
        for (int i = 0; i < n; i++) {
            statics[i] = new Node(draft.statics.get(i));
            firstChars[i] = statics[i].label[0];
            deepest = Math.max(deepest, statics[i].depth);
        }
        param = draft.param == null ? null : new Node(draft.param);
        catchAll = draft.catchAll == null ? null : new Node(draft.catchAll);
        deepest = Math.max(deepest, param == null ? 0 : param.depth);
        depth = 1 + Math.max(deepest, catchAll == null ? 0 : catchAll.depth);
        values = new Object[Draft.METHOD_COUNT];
        patterns = new String[Draft.METHOD_COUNT];
        int mask = 0;
        for (int i = 0; i < Draft.METHOD_COUNT; i++) {
            Route<?> route = draft.routes[i];
            if (route != null) {
                values[i] = route.value();
                patterns[i] = route.pattern();
                mask |= 1 << i;
            }
        }
        methods = mask;
        allow = mask == 0 ? null : AllowHeader.of(mask);
        paramNames = draft.paramNames;
    }

    /**
     * Compiles a finished draft trie. The draft root's only child, the node starting with '/', becomes
     * the root, so lookups start by matching real text.
     */
    static Node compile(Draft root) {
        boolean single = root.statics.size() == 1 && root.param == null && root.catchAll == null;
        return new Node(single ? root.statics.get(0) : root);
    }

    /** The static child whose label starts with {@code c}, or null. */
    Node staticChild(char c) {
        char[] chars = firstChars;
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] == c) {
                return statics[i];
            }
        }
        return null;
    }

    /** The largest number of params on any route below this node. */
    int maxParams() {
        int max = paramNames == null ? 0 : paramNames.length;
        for (Node child : statics) {
            max = Math.max(max, child.maxParams());
        }
        max = Math.max(max, param == null ? 0 : param.maxParams());
        return Math.max(max, catchAll == null ? 0 : catchAll.maxParams());
    }
}
