package dev.pronto.router;

/**
 * {@code Allow} header values, one per set of registered methods, built once and then shared so
 * that lookups never concatenate strings.
 */
final class AllowHeader {
    private static final Method[] METHODS = Method.values();
    /**
     * Indexed by method bit mask. Filled lazily; a racing fill stores an equal immutable String,
     * which is safe to publish without synchronisation.
     */
    private static final String[] CACHE = new String[1 << METHODS.length];

    private AllowHeader() {
    }

    /** The bit of {@code method} in a method mask. */
    static int bit(Method method) {
        return 1 << method.ordinal();
    }

    /**
     * The {@code Allow} value for routes registered under {@code mask}: those methods in declaration
     * order, plus HEAD when GET is present, plus OPTIONS always, e.g. {@code "GET, HEAD, OPTIONS"}.
     */
    static String of(int mask) {
        String value = CACHE[mask];
        if (value == null) {
            value = render(mask);
            CACHE[mask] = value;
        }
        return value;
    }

    private static String render(int mask) {
        int all = mask | bit(Method.OPTIONS) | ((mask & bit(Method.GET)) != 0 ? bit(Method.HEAD) : 0);
        StringBuilder out = new StringBuilder();
        for (Method method : METHODS) {
            if ((all & bit(method)) != 0) {
                out.append(out.isEmpty() ? "" : ", ").append(method.name());
            }
        }
        return out.toString();
    }
}
