package dev.pronto.processor;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/**
 * Jakarta constraints as JSON Schema keywords ({@code minLength}, {@code maximum}, {@code pattern},
 * {@code format: email}, ...). The route compile already rejected constraints that do not fit their
 * type, so this only translates; constraints without a keyword ({@code @Past}) are left out.
 */
final class SchemaKeywords {
    /**
     * A character that is not blank to {@code String.isBlank}, which the generated check calls: Java's whitespace
     * written out, since ECMA-262's {@code \S} differs from it (it treats U+001C-U+001F as text and U+00A0,
     * U+2007, U+202F and U+FEFF as space), so a schema with {@code \S} would admit values the check refuses.
     */
    static final String NOT_BLANK = "[^\\t-\\r\\x1c-\\x20\\u1680\\u2000-\\u2006\\u2008-\\u200a\\u2028\\u2029\\u205f\\u3000]";
    private static final List<String> REQUIRING = List.of("NotNull", "NotBlank", "NotEmpty");

    private final Elements elements;

    SchemaKeywords(Elements elements) {
        this.elements = elements;
    }

    /** Whether a constraint on {@code annotated} makes the value mandatory. */
    boolean required(List<? extends Element> annotated) {
        return annotated.stream().flatMap(e -> Constraints.annotations(e).stream()).map(Names::simpleName)
                .anyMatch(REQUIRING::contains);
    }

    /**
     * Whether a primitive's default (0, or false) fails a constraint on {@code annotated}: then an
     * absent property, which DSL-JSON reads as that default, is refused by the validator, so the
     * document may call it required.
     */
    boolean defaultFails(List<? extends Element> annotated) {
        for (Element element : annotated) {
            for (AnnotationMirror mirror : Constraints.annotations(element)) {
                String name = Names.simpleName(mirror);
                boolean fails = switch (name) {
                    case "Positive", "Negative", "AssertTrue" -> true;
                    case "Min" -> ((Number) value(mirror, "value")).longValue() > 0;
                    case "Max" -> ((Number) value(mirror, "value")).longValue() < 0;
                    case "DecimalMin", "DecimalMax" -> decimalExcludesZero(mirror, name.equals("DecimalMin"));
                    default -> false;
                };
                if (fails) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean decimalExcludesZero(AnnotationMirror mirror, boolean min) {
        int sign = new BigDecimal((String) value(mirror, "value")).signum() * (min ? 1 : -1);
        return sign > 0 || sign == 0 && !(Boolean) value(mirror, "inclusive");
    }

    /** Adds the keywords of the constraints on {@code element} to {@code schema}. */
    void add(Element element, Map<String, Object> schema) {
        for (AnnotationMirror mirror : Constraints.annotations(element)) {
            keyword(mirror, schema);
        }
    }

    private void keyword(AnnotationMirror mirror, Map<String, Object> schema) {
        switch (Names.simpleName(mirror)) {
            case "NotBlank" -> {
                schema.put("minLength", 1);
                pattern(schema, NOT_BLANK);
            }
            case "NotEmpty" -> sized(schema, "min", 1);
            case "Size" -> {
                int min = (Integer) value(mirror, "min");
                int max = (Integer) value(mirror, "max");
                if (min > 0) {
                    sized(schema, "min", min);
                }
                if (max < Integer.MAX_VALUE) {
                    sized(schema, "max", max);
                }
            }
            case "Min" -> schema.put("minimum", value(mirror, "value"));
            case "Max" -> schema.put("maximum", value(mirror, "value"));
            case "DecimalMin" -> decimal(mirror, schema, "inimum");
            case "DecimalMax" -> decimal(mirror, schema, "aximum");
            case "Positive" -> schema.put("exclusiveMinimum", 0);
            case "PositiveOrZero" -> schema.put("minimum", 0);
            case "Negative" -> schema.put("exclusiveMaximum", 0);
            case "NegativeOrZero" -> schema.put("maximum", 0);
            case "Pattern" -> pattern(schema, anchored((String) value(mirror, "regexp")));
            case "Email" -> email(mirror, schema);
            case "AssertTrue" -> schema.put("const", true);
            case "AssertFalse" -> schema.put("const", false);
            default -> {
                // @NotNull, @Null and the temporal constraints have no schema keyword of their own.
            }
        }
    }

    /** {@code minLength}, {@code minItems} or {@code minProperties}, after the schema's type. */
    private static void sized(Map<String, Object> schema, String bound, int value) {
        String unit = switch (String.valueOf(schema.get("type"))) {
            case "string" -> "Length";
            case "object" -> "Properties";
            default -> "Items";
        };
        schema.put(bound + unit, value);
    }

    private void decimal(AnnotationMirror mirror, Map<String, Object> schema, String suffix) {
        BigDecimal bound = new BigDecimal((String) value(mirror, "value"));
        boolean inclusive = (Boolean) value(mirror, "inclusive");
        // suffix is "inimum" or "aximum": minimum / exclusiveMinimum, maximum / exclusiveMaximum
        schema.put(inclusive ? "m" + suffix : "exclusiveM" + suffix,
                bound.stripTrailingZeros().scale() <= 0 ? (Number) bound.toBigIntegerExact() : bound);
    }

    private void email(AnnotationMirror mirror, Map<String, Object> schema) {
        schema.put("format", "email");
        String regexp = (String) value(mirror, "regexp");
        if (!regexp.equals(".*")) {
            pattern(schema, anchored(regexp));
        }
    }

    /**
     * Adds {@code regexp} as a {@code pattern}; a second one (say {@code @NotBlank} with
     * {@code @Pattern}) goes into {@code allOf}, since a schema holds one {@code pattern} and both apply.
     */
    @SuppressWarnings("unchecked")
    private static void pattern(Map<String, Object> schema, String regexp) {
        if (!schema.containsKey("pattern")) {
            schema.put("pattern", regexp);
            return;
        }
        List<Object> all = (List<Object>) schema.computeIfAbsent("allOf", k -> new java.util.ArrayList<>());
        all.add(Map.of("pattern", regexp));
    }

    /** Jakarta matches the whole value; a JSON Schema pattern matches anywhere unless anchored. */
    private static String anchored(String regexp) {
        return "^(?:" + regexp + ")$";
    }

    private Object value(AnnotationMirror mirror, String name) {
        return Constraints.attributeOrDefault(mirror, name, elements);
    }
}
