package dev.pronto.processor;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a tree of maps, lists, strings, numbers and booleans as indented JSON. Object keys come out
 * sorted, so the same tree always gives the same text; the processor has no JSON library to lean on.
 */
final class JsonText {
    private final StringBuilder out = new StringBuilder(4096);

    private JsonText() {
    }

    /** A new sorted object node. */
    static Map<String, Object> object() {
        return new TreeMap<>();
    }

    /** {@code value} as JSON text ending with a newline. */
    static String write(Object value) {
        JsonText text = new JsonText();
        text.value(value, 0);
        return text.out.append('\n').toString();
    }

    private void value(Object value, int depth) {
        switch (value) {
            case Map<?, ?> map -> object(map, depth);
            case List<?> list -> array(list, depth);
            case String s -> string(s);
            case Number n -> out.append(n);
            case Boolean b -> out.append(b);
            default -> throw new IllegalArgumentException("not a JSON value: " + value);
        }
    }

    private void object(Map<?, ?> map, int depth) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        String separator = "\n";
        for (Map.Entry<?, ?> e : new TreeMap<>(map).entrySet()) {
            out.append(separator);
            indent(depth + 1);
            string(e.getKey().toString());
            out.append(": ");
            value(e.getValue(), depth + 1);
            separator = ",\n";
        }
        out.append('\n');
        indent(depth);
        out.append('}');
    }

    private void array(List<?> list, int depth) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        String separator = "\n";
        for (Object item : list) {
            out.append(separator);
            indent(depth + 1);
            value(item, depth + 1);
            separator = ",\n";
        }
        out.append('\n');
        indent(depth);
        out.append(']');
    }

    private void indent(int depth) {
        out.append("  ".repeat(depth));
    }

    /** The one string escaper: quotes, backslashes and control characters; the rest stays as is (UTF-8 file). */
    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
