package dev.pronto.processor;

import java.util.List;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** What a constraint sees in a value: the family of its declared type. */
enum ValueKind {
    STRING, COLLECTION, MAP, ARRAY, INTEGRAL, FLOATING, BIG_INTEGER, BIG_DECIMAL, BOOLEAN, TEMPORAL, OTHER;

    private static final List<String> INTEGRAL_BOXES = List.of(
            "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Long");
    private static final List<String> TEMPORALS = List.of("java.time.Instant", "java.time.LocalDate",
            "java.time.LocalDateTime", "java.time.OffsetDateTime", "java.time.ZonedDateTime");

    /** The kind of {@code type}. */
    static ValueKind of(TypeMirror type, Types types, Elements elements) {
        switch (type.getKind()) {
            case BYTE, SHORT, INT, LONG -> {
                return INTEGRAL;
            }
            case FLOAT, DOUBLE -> {
                return FLOATING;
            }
            case BOOLEAN -> {
                return BOOLEAN;
            }
            case ARRAY -> {
                return ARRAY;
            }
            case DECLARED -> {
                return declared(type, types, elements);
            }
            default -> {
                return OTHER;
            }
        }
    }

    private static ValueKind declared(TypeMirror type, Types types, Elements elements) {
        String name = types.erasure(type).toString();
        if (INTEGRAL_BOXES.contains(name)) {
            return INTEGRAL;
        }
        return switch (name) {
            case "java.lang.Float", "java.lang.Double" -> FLOATING;
            case "java.lang.Boolean" -> BOOLEAN;
            case "java.math.BigInteger" -> BIG_INTEGER;
            case "java.math.BigDecimal" -> BIG_DECIMAL;
            default -> TEMPORALS.contains(name) ? TEMPORAL : assignable(type, types, elements);
        };
    }

    private static ValueKind assignable(TypeMirror type, Types types, Elements elements) {
        if (isA(type, "java.lang.CharSequence", types, elements)) {
            return STRING;
        }
        if (isA(type, "java.util.Collection", types, elements)) {
            return COLLECTION;
        }
        return isA(type, "java.util.Map", types, elements) ? MAP : OTHER;
    }

    static boolean isA(TypeMirror type, String name, Types types, Elements elements) {
        var element = elements.getTypeElement(name);
        return element != null && types.isAssignable(types.erasure(type), types.erasure(element.asType()));
    }

    /** {@code type} as its source reads, with simple names: {@code int}, {@code List<String>}, {@code Item[]}. */
    static String describe(TypeMirror type) {
        if (type instanceof ArrayType array) {
            return describe(array.getComponentType()) + "[]";
        }
        if (type instanceof DeclaredType declared) {
            String name = declared.asElement().getSimpleName().toString();
            List<String> args = declared.getTypeArguments().stream().map(ValueKind::describe).toList();
            return args.isEmpty() ? name : name + "<" + String.join(", ", args) + ">";
        }
        if (type.getKind().isPrimitive()) {
            return type.getKind().toString().toLowerCase(java.util.Locale.ROOT);
        }
        return type.getKind() == TypeKind.WILDCARD ? "?" : type.toString();
    }
}
