package dev.pronto.core.internal.openapi;

import dev.pronto.core.internal.util.JsonStrings;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads JSON text into a tree of {@link TreeMap}s (sorted keys), lists, strings, {@link BigDecimal}s,
 * booleans and {@code null}, and writes such a tree back as indented text. Why here: core has no JSON
 * library, and the document it serves is assembled once, at its first request, from the processor's
 * text and the routes' descriptions.
 */
public final class JsonTree {
    private final String text;
    private int at;

    private JsonTree(String text) {
        this.text = text;
    }

    /** A new sorted object node. */
    public static Map<String, Object> object() {
        return new TreeMap<>();
    }

    /**
     * The tree of {@code text}.
     *
     * @throws IllegalArgumentException if {@code text} is not one JSON value
     */
    public static Object parse(String text) {
        JsonTree reader = new JsonTree(text);
        Object value = reader.value();
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.error("data after the value");
        }
        return value;
    }

    /** {@code value} as indented JSON text ending with a newline. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder(4096);
        write(out, value, 0);
        return out.append('\n').toString();
    }

    private Object value() {
        skipSpace();
        if (at >= text.length()) {
            throw error("a value expected");
        }
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> objectValue();
            case '[' -> arrayValue();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> objectValue() {
        Map<String, Object> map = object();
        at++;
        skipSpace();
        if (peek() == '}') {
            at++;
            return map;
        }
        do {
            skipSpace();
            if (peek() != '"') {
                throw error("a property name expected");
            }
            String key = string();
            skipSpace();
            expect(':');
            map.put(key, value());
            skipSpace();
        } while (consume(','));
        expect('}');
        return map;
    }

    private List<Object> arrayValue() {
        List<Object> list = new ArrayList<>();
        at++;
        skipSpace();
        if (peek() == ']') {
            at++;
            return list;
        }
        do {
            list.add(value());
            skipSpace();
        } while (consume(','));
        expect(']');
        return list;
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = at < text.length() ? text.charAt(at++) : ' ';
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("a bad \\u escape");
                    }
                    out.append((char) Integer.parseInt(text, at, at + 4, 16));
                    at += 4;
                }
                case '"', '\\', '/' -> out.append(e);
                default -> throw error("a bad escape");
            }
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("a value expected");
        }
        at += word.length();
        return value;
    }

    private BigDecimal number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        try {
            return new BigDecimal(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw error("a value expected");
        }
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private boolean consume(char c) {
        if (peek() == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!consume(c)) {
            throw error("'" + c + "' expected");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("invalid JSON at offset " + at + ": " + what);
    }

    private static void write(StringBuilder out, Object value, int depth) {
        switch (value) {
            case null -> out.append("null");
            case Map<?, ?> map -> writeObject(out, new TreeMap<>(map), depth);
            case List<?> list -> writeArray(out, list, depth);
            case String s -> JsonStrings.quoted(out, s);
            case BigDecimal n -> out.append(n.toPlainString());
            case Number n -> out.append(n);
            case Boolean b -> out.append(b);
            default -> throw new IllegalArgumentException("not a JSON value: " + value);
        }
    }

    private static void writeObject(StringBuilder out, Map<?, ?> map, int depth) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        String sep = "\n";
        for (Map.Entry<?, ?> e : map.entrySet()) {
            out.append(sep).append("  ".repeat(depth + 1));
            JsonStrings.quoted(out, (String) e.getKey());
            out.append(": ");
            write(out, e.getValue(), depth + 1);
            sep = ",\n";
        }
        out.append('\n').append("  ".repeat(depth)).append('}');
    }

    private static void writeArray(StringBuilder out, List<?> list, int depth) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        String sep = "\n";
        for (Object item : list) {
            out.append(sep).append("  ".repeat(depth + 1));
            write(out, item, depth + 1);
            sep = ",\n";
        }
        out.append('\n').append("  ".repeat(depth)).append(']');
    }
}
