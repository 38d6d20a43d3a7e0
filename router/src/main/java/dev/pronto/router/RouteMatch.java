package dev.pronto.router;

import java.util.Objects;

/**
 * The result of a {@link Router#find} lookup: the outcome, the matched route's value and pattern,
 * the {@code Allow} value, and the params as offsets into the request path.
 *
 * <p><b>Reuse.</b> A match is a mutable holder meant to be reused: get one from
 * {@link Router#newMatch()} per thread or per connection and pass it to every
 * {@link Router#find(Method, CharSequence, RouteMatch)}, which resets it first. A match is not
 * thread-safe. Its contents stay valid until the next {@code find} with the same holder, and refer
 * to the path passed to {@code find}, which is not copied.
 *
 * <p><b>Params.</b> A lookup records only where each param starts and ends in {@link #path()}.
 * Nothing is copied or decoded until a value is asked for: {@link #param(String)} returns a
 * percent-decoded (UTF-8) copy, {@link #peekParam(int)} the raw text. Params are numbered from 0
 * in pattern order; a catch-all counts as the last param.
 *
 * @param <T> the route value type
 */
public final class RouteMatch<T> {
    private Outcome outcome = Outcome.NOT_FOUND;
    /** The node of the matched route, null unless MATCHED; value, pattern and names are read from it. */
    private Node node;
    /** The method ordinal of the matched route in {@link #node}: GET's for an automatic HEAD. */
    private int route;
    /** The Allow value when not MATCHED; a match reads its node's instead. */
    private String allow;
    private CharSequence path;
    private int paramCount;
    /** Param {@code i} spans {@code [offsets[2i], offsets[2i + 1])} of the path. */
    int[] offsets;
    /** The lookup's backtracking stack: a node, the path offset after it, and (params << 2 | next stage). */
    Node[] stackNodes;
    int[] stackPositions;
    int[] stackStates;
    /** Methods of routes whose path matched but whose method did not, gathered during a lookup. */
    int seenMethods;

    RouteMatch(int maxParams, int maxDepth) {
        offsets = new int[2 * maxParams];
        stackNodes = new Node[maxDepth];
        stackPositions = new int[maxDepth];
        stackStates = new int[maxDepth];
    }

    /**
     * Prepares the holder for a lookup of {@code path}, growing its arrays if the router needs more
     * room. The lookup then ends with exactly one of {@link #matched} or {@link #missed}, which set
     * every result field; writing each reference once keeps GC write barriers off the hot path.
     */
    void reset(CharSequence path, int maxParams, int maxDepth) {
        if (offsets.length < 2 * maxParams) {
            offsets = new int[2 * maxParams];
        }
        if (stackNodes.length < maxDepth) {
            stackNodes = new Node[maxDepth];
            stackPositions = new int[maxDepth];
            stackStates = new int[maxDepth];
        }
        this.path = path;
        seenMethods = 0;
    }

    /** Saves a backtracking point: {@code node}, the path offset after it, and (params << 2 | next stage). */
    void push(int top, Node node, int pos, int state) {
        stackNodes[top] = node;
        stackPositions[top] = pos;
        stackStates[top] = state;
    }

    /** Records a match of {@code node}'s route for the method at {@code ordinal}, with {@code params} params. */
    void matched(Node node, int ordinal, int params) {
        outcome = Outcome.MATCHED;
        this.node = node;
        route = ordinal;
        paramCount = params;
    }

    /** Records that no route matched {@code method}, deciding between 404, 405 and the OPTIONS answer. */
    void missed(Method method) {
        node = null;
        paramCount = 0;
        if (seenMethods == 0) {
            outcome = Outcome.NOT_FOUND;
            allow = null;
        } else {
            outcome = method == Method.OPTIONS ? Outcome.OPTIONS : Outcome.METHOD_NOT_ALLOWED;
            allow = AllowHeader.of(seenMethods);
        }
    }

    /** What the lookup found; decides the response status. */
    public Outcome outcome() {
        return outcome;
    }

    /** The matched route's value; null unless {@link #outcome()} is MATCHED. */
    @SuppressWarnings("unchecked")
    public T value() {
        return node == null ? null : (T) node.values[route];
    }

    /** The matched route's pattern as registered, e.g. {@code "/users/{id}"}; null unless MATCHED. */
    public String pattern() {
        return node == null ? null : node.patterns[route];
    }

    /**
     * The {@code Allow} header value for the path, e.g. {@code "GET, HEAD, OPTIONS"}: the methods of
     * the matched route's path when MATCHED, or of every route matching the path under another
     * method for METHOD_NOT_ALLOWED and OPTIONS. HEAD is listed when GET is, OPTIONS always.
     * The string is shared, not built per lookup.
     *
     * @return the header value, or null when NOT_FOUND
     */
    public String allow() {
        return node == null ? allow : node.allow;
    }

    /** The path passed to the last {@code find}, by reference. */
    public CharSequence path() {
        return path;
    }

    /** The number of params of the matched route; 0 unless MATCHED. */
    public int paramCount() {
        return paramCount;
    }

    /**
     * The name of param {@code i}, without braces or {@code *}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < paramCount()}
     */
    public String paramName(int i) {
        return node.paramNames[Objects.checkIndex(i, paramCount)];
    }

    /**
     * The offset in {@link #path()} where the raw value of param {@code i} starts.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < paramCount()}
     */
    public int paramStart(int i) {
        return offsets[2 * Objects.checkIndex(i, paramCount)];
    }

    /**
     * The offset in {@link #path()} just after the raw value of param {@code i}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < paramCount()}
     */
    public int paramEnd(int i) {
        return offsets[2 * Objects.checkIndex(i, paramCount) + 1];
    }

    /** The index of the param called {@code name}, or -1 if the matched route has none. Does not allocate. */
    public int paramIndex(String name) {
        for (int i = 0; i < paramCount; i++) {
            if (node.paramNames[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The percent-decoded (UTF-8) value of the param called {@code name}. {@code %2F} decodes to
     * {@code /}; {@code +} stays {@code +}.
     *
     * @return a new string, or null if the matched route has no such param
     * @throws MalformedPathException if the value has a bad {@code %} escape or is not UTF-8
     */
    public String param(String name) {
        int i = paramIndex(name);
        return i < 0 ? null : param(i);
    }

    /**
     * The percent-decoded (UTF-8) value of param {@code i}; see {@link #param(String)}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < paramCount()}
     * @throws MalformedPathException if the value has a bad {@code %} escape or is not UTF-8
     */
    public String param(int i) {
        return PercentDecoder.decode(path, paramStart(i), paramEnd(i), paramName(i));
    }

    /**
     * The raw, still percent-encoded text of param {@code i}, as a view of {@link #path()}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= i < paramCount()}
     */
    public CharSequence peekParam(int i) {
        return path.subSequence(paramStart(i), paramEnd(i));
    }

    /** A debugging summary such as {@code MATCHED /users/{id} {id=42}}; allocates. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(outcome.name());
        out.append(' ').append(node != null ? pattern() : path);
        for (int i = 0; i < paramCount; i++) {
            out.append(i == 0 ? " {" : ", ").append(paramName(i)).append('=').append(peekParam(i));
        }
        return out.append(paramCount > 0 ? "}" : "").toString();
    }
}
