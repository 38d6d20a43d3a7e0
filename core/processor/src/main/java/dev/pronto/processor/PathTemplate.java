package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;

/**
 * A route pattern joined from the class prefix and the method path, with its parameter names.
 * Only checks what the processor needs (leading slash, whole-segment parameters, unique names);
 * the router validates the rest when the routes are registered.
 *
 * @param pattern the full pattern, e.g. {@code /users/{id}}
 * @param names the parameter names in order
 */
record PathTemplate(String pattern, List<String> names) {
    /**
     * Joins {@code prefix} (may be empty) and {@code path}; empty or {@code "/"} means the prefix.
     *
     * @throws IllegalArgumentException with the message to report
     */
    static PathTemplate join(String prefix, String path) {
        if (!path.isEmpty() && !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/', got '" + path + "'");
        }
        String base = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        String pattern = path.isEmpty() || path.equals("/") ? (base.isEmpty() ? "/" : base) : base + path;
        return new PathTemplate(pattern, names(pattern));
    }

    /** Checks a class prefix on its own. */
    static void checkPrefix(String prefix) {
        if (!prefix.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/', got '" + prefix + "'");
        }
        names(prefix);
    }

    /** The pattern with parameter names erased, equal for routes the router would confuse. */
    String shape() {
        StringBuilder sb = new StringBuilder();
        for (String segment : pattern.split("/", -1)) {
            sb.append(segment.startsWith("{*") ? "{*}" : segment.startsWith("{") ? "{}" : segment).append('/');
        }
        return sb.toString();
    }

    private static List<String> names(String pattern) {
        List<String> names = new ArrayList<>();
        for (String segment : pattern.split("/", -1)) {
            if (segment.indexOf('{') < 0 && segment.indexOf('}') < 0) {
                continue;
            }
            String name = parameterName(segment);
            if (name == null) {
                throw new IllegalArgumentException("malformed segment '" + segment + "' in " + pattern
                        + "; a parameter is a whole segment, {name} or {*name}");
            }
            if (names.contains(name)) {
                throw new IllegalArgumentException("path parameter {" + name + "} appears twice in " + pattern);
            }
            names.add(name);
        }
        return List.copyOf(names);
    }

    private static String parameterName(String segment) {
        if (!segment.startsWith("{") || !segment.endsWith("}") || segment.length() < 3) {
            return null;
        }
        String name = segment.substring(segment.startsWith("{*") ? 2 : 1, segment.length() - 1);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 0x80 || c == '_' || c == '-')) {
                return null;
            }
        }
        return name.isEmpty() ? null : name;
    }
}
