package dev.pronto.router;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Validates a route pattern and splits it into {@link Piece}s. Every rejection names the pattern
 * and says what to change.
 */
final class PatternParser {
    private final String pattern;
    private final List<Piece> pieces = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final StringBuilder text = new StringBuilder();

    private PatternParser(String pattern) {
        this.pattern = pattern;
        text.append('/');
    }

    /**
     * Parses {@code pattern}, first dropping one trailing slash if {@code policy} is IGNORE.
     *
     * @throws IllegalArgumentException if the pattern is malformed
     */
    static List<Piece> parse(String pattern, TrailingSlash policy) {
        if (pattern.isEmpty() || pattern.charAt(0) != '/') {
            throw fail(pattern, "must start with '/'; write '/" + pattern + "'");
        }
        if (pattern.contains("//")) {
            throw fail(pattern, "has an empty segment ('//'); remove the extra '/'");
        }
        String normalized = pattern;
        if (policy == TrailingSlash.IGNORE && pattern.length() > 1 && pattern.endsWith("/")) {
            normalized = pattern.substring(0, pattern.length() - 1);
        }
        PatternParser parser = new PatternParser(pattern);
        int start = 1;
        while (true) {
            int slash = normalized.indexOf('/', start);
            int end = slash < 0 ? normalized.length() : slash;
            parser.segment(normalized.substring(start, end), slash < 0);
            if (slash < 0) {
                return parser.finish();
            }
            start = slash + 1;
        }
    }

    private void segment(String segment, boolean last) {
        if (segment.indexOf('{') < 0 && segment.indexOf('}') < 0) {
            checkStatic(segment);
            text.append(segment).append(last ? "" : "/");
            return;
        }
        checkBraces(segment);
        boolean catchAll = segment.charAt(1) == '*';
        String name = segment.substring(catchAll ? 2 : 1, segment.length() - 1);
        checkName(name, catchAll);
        if (catchAll && !last) {
            throw fail(pattern, "has catch-all '" + segment + "' before the last segment; move it to the end");
        }
        pieces.add(new Piece(Piece.Kind.STATIC, text.toString()));
        text.setLength(0);
        pieces.add(new Piece(catchAll ? Piece.Kind.CATCH_ALL : Piece.Kind.PARAM, name));
        text.append(last ? "" : "/");
    }

    private List<Piece> finish() {
        if (!text.isEmpty()) {
            pieces.add(new Piece(Piece.Kind.STATIC, text.toString()));
        }
        return List.copyOf(pieces);
    }

    private void checkBraces(String segment) {
        long opens = segment.chars().filter(c -> c == '{').count();
        long closes = segment.chars().filter(c -> c == '}').count();
        int open = segment.indexOf('{');
        int close = segment.indexOf('}');
        if (opens > closes || (opens == closes && close < open)) {
            throw fail(pattern, "has an unbalanced '{' in '" + segment + "'; close the param with '}'");
        }
        if (closes > opens) {
            throw fail(pattern, "has an unbalanced '}' in '" + segment + "'; remove it or open the param with '{'");
        }
        if (opens > 1 || open != 0 || close != segment.length() - 1) {
            throw fail(pattern, "has a param that is not a whole segment ('" + segment
                    + "'); a param must fill the segment, e.g. '/{name}', and the handler can split it");
        }
    }

    private void checkName(String name, boolean catchAll) {
        String example = catchAll ? "'{*path}'" : "'{id}'";
        if (name.isEmpty()) {
            throw fail(pattern, "has an empty param name; name it, e.g. " + example);
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                throw fail(pattern, "has an invalid param name '" + name
                        + "'; use only letters, digits, '_' and '-', e.g. " + example);
            }
        }
        if (!names.add(name)) {
            throw fail(pattern, "uses the param name '" + name + "' twice; give each param its own name");
        }
    }

    private void checkStatic(String segment) {
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '?' || c == '#') {
                throw fail(pattern, "contains '" + c + "'; patterns match the path only, without query or fragment");
            }
            if (c <= ' ' || c >= 0x7f) {
                throw fail(pattern, "contains the character '" + c + "' (U+" + String.format("%04X", (int) c)
                        + "); write static text as it appears on the wire, percent-encoded");
            }
        }
    }

    private static IllegalArgumentException fail(String pattern, String problem) {
        return new IllegalArgumentException("pattern '" + pattern + "' " + problem);
    }
}
