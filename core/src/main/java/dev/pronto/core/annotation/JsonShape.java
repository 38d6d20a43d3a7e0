package dev.pronto.core.annotation;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * Where a bound JSON body must hold numbers: the properties (at any depth) whose schema is
 * {@code integer} or {@code number}. DSL-JSON reads {@code "3"} as the number 3; JSON Schema does not,
 * so the generated routes check a decoded body against its type's shape ({@link Params#numbers}) and
 * answer 400 naming the property. Built by generated code; a type without numbers has no shape and
 * pays nothing. Immutable and thread-safe.
 */
public final class JsonShape {
    /** A value that must be a JSON number (or null). */
    public static final JsonShape NUMBER = new JsonShape(Kind.NUMBER, null, null, null);

    private enum Kind { NUMBER, ARRAY, MAP, OBJECT }

    private final Kind kind;
    /** The elements' shape (ARRAY) or the values' (MAP). */
    private final JsonShape inner;
    /** OBJECT: the UTF-8 names of the properties that have a shape, and their shapes. */
    private final byte[][] names;
    private final JsonShape[] shapes;

    private JsonShape(Kind kind, JsonShape inner, byte[][] names, JsonShape[] shapes) {
        this.kind = kind;
        this.inner = inner;
        this.names = names;
        this.shapes = shapes;
    }

    /** An array (or collection) whose elements have {@code elements}' shape. */
    public static JsonShape array(JsonShape elements) {
        return new JsonShape(Kind.ARRAY, Objects.requireNonNull(elements, "elements"), null, null);
    }

    /** A JSON object read as a map whose values have {@code values}' shape. */
    public static JsonShape map(JsonShape values) {
        return new JsonShape(Kind.MAP, Objects.requireNonNull(values, "values"), null, null);
    }

    /** An object whose named properties (by JSON name) have these shapes; other properties are free. */
    public static JsonShape object(Map<String, JsonShape> properties) {
        byte[][] names = new byte[properties.size()][];
        JsonShape[] shapes = new JsonShape[properties.size()];
        int i = 0;
        for (Map.Entry<String, JsonShape> e : properties.entrySet()) {
            names[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
            shapes[i++] = Objects.requireNonNull(e.getValue(), "shape");
        }
        return new JsonShape(Kind.OBJECT, null, names, shapes);
    }

    /**
     * The path (such as {@code .items[2].price}) of the first string where {@code json}, a valid JSON
     * document, must hold a number; null when there is none.
     */
    String firstString(byte[] json, int length) {
        Walk walk = new Walk(json, length);
        return walk.value(this);
    }

    /** One pass over a document DSL-JSON already accepted, so its syntax needs no checking here. */
    private static final class Walk {
        private final byte[] b;
        private final int end;
        private int i;

        Walk(byte[] b, int end) {
            this.b = b;
            this.end = end;
        }

        String value(JsonShape shape) {
            space();
            if (shape == null || i >= end) {
                skip();
                return null;
            }
            byte c = b[i];
            return switch (shape.kind) {
                case NUMBER -> {
                    if (c == '"') {
                        yield "";
                    }
                    skip();
                    yield null;
                }
                case ARRAY -> c == '[' ? elements(shape.inner) : skipped();
                case MAP, OBJECT -> c == '{' ? members(shape) : skipped();
            };
        }

        private String elements(JsonShape shape) {
            i++;
            space();
            if (b[i] == ']') {
                i++;
                return null;
            }
            for (int n = 0; ; n++) {
                String found = value(shape);
                if (found != null) {
                    return "[" + n + "]" + found;
                }
                space();
                if (b[i++] != ',') {
                    return null;
                }
            }
        }

        private String members(JsonShape shape) {
            i++;
            space();
            if (b[i] == '}') {
                i++;
                return null;
            }
            while (true) {
                space();
                int from = i + 1;
                skipString();
                int to = i - 1;
                space();
                i++;    // the colon
                JsonShape member = shape.kind == Kind.MAP ? shape.inner : shape.member(b, from, to);
                String found = value(member);
                if (found != null) {
                    return "." + new String(b, from, to - from, StandardCharsets.UTF_8) + found;
                }
                space();
                if (b[i++] != ',') {
                    return null;
                }
            }
        }

        private String skipped() {
            skip();
            return null;
        }

        private void skip() {
            space();
            if (i >= end) {
                return;
            }
            byte c = b[i];
            if (c == '"') {
                skipString();
            } else if (c == '{' || c == '[') {
                int depth = 0;
                do {
                    byte d = b[i];
                    if (d == '"') {
                        skipString();
                        continue;
                    }
                    if (d == '{' || d == '[') {
                        depth++;
                    } else if (d == '}' || d == ']') {
                        depth--;
                    }
                    i++;
                } while (depth > 0 && i < end);
            } else {
                while (i < end && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] > ' ') {
                    i++;
                }
            }
        }

        private void skipString() {
            i++;
            while (i < end && b[i] != '"') {
                i += b[i] == '\\' ? 2 : 1;
            }
            i++;
        }

        private void space() {
            while (i < end && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) {
                i++;
            }
        }
    }

    private JsonShape member(byte[] json, int from, int to) {
        int length = to - from;
        for (int n = 0; n < names.length; n++) {
            byte[] name = names[n];
            if (name.length == length && java.util.Arrays.equals(name, 0, length, json, from, to)) {
                return shapes[n];
            }
        }
        return null;
    }
}
