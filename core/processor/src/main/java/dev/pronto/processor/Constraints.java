package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns the Jakarta constraint annotations on an element into {@link Check}s for its type, and
 * rejects a constraint that cannot apply to that type. Annotations of other packages are ignored.
 */
final class Constraints {
    static final String PACKAGE = "jakarta.validation.constraints.";
    static final String VALID = "jakarta.validation.Valid";

    /**
     * The {@code @Email} check: the WHATWG HTML "valid e-mail address", a local part of letters, digits
     * and {@code .!#$%&'*+/=?^_`{|}~-}, then {@code @} and dot-separated labels of letters, digits and
     * inner hyphens (at most 63 characters each). No quoted local parts, comments or IP literals.
     */
    static final String EMAIL = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+"
            + "@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*";

    private static final String STRINGS = "strings";
    private static final String SIZED = "strings, collections, maps and arrays";
    private static final String BOUNDED = "integral numbers, BigInteger and BigDecimal";
    private static final String NUMBERS = "numbers";
    private static final String TIMES = "Instant, LocalDate, LocalDateTime, OffsetDateTime and ZonedDateTime";

    private final Types types;
    private final Elements elements;

    Constraints(Types types, Elements elements) {
        this.types = types;
        this.elements = elements;
    }

    /**
     * A constraint annotation where it applies.
     *
     * @param element the annotated element, highlighted in errors
     * @param mirror the annotation
     * @param type the checked type (the value of an {@code Optional})
     * @param kind the family of {@code type}
     */
    record Site(Element element, AnnotationMirror mirror, TypeMirror type, ValueKind kind) {
        String name() {
            return Names.simpleName(mirror);
        }

        boolean primitive() {
            return type.getKind().isPrimitive();
        }

        /** {@code failure}, guarded against null for reference types. */
        String nonNull(String failure) {
            return primitive() ? failure : "# != null && " + (failure.contains(" || ") ? "(" + failure + ")" : failure);
        }

        RouteException error(String message) {
            return new RouteException(message, element, mirror);
        }

        RouteException notFor(String applies) {
            return error("@" + name() + " applies to " + applies + ", not " + ValueKind.describe(type));
        }
    }

    /** Whether {@code element} carries a Jakarta constraint or {@code @Valid}. */
    static boolean constrained(Element element) {
        return element.getAnnotationMirrors().stream().map(Names::qualifiedName)
                .anyMatch(n -> n.startsWith(PACKAGE) || n.equals(VALID));
    }

    /**
     * The checks of the constraints on {@code element}, in source order.
     *
     * @param type the checked type: the element's type, or the value type of an {@code Optional}
     * @param constants where patterns and big-number bounds go
     * @param hint names those constants, e.g. {@code zipCode}
     * @throws RouteException on the first constraint that does not apply
     */
    List<Check> read(Element element, TypeMirror type, Constants constants, String hint) throws RouteException {
        List<Check> checks = new ArrayList<>();
        ValueKind kind = ValueKind.of(type, types, elements);
        for (AnnotationMirror mirror : annotations(element)) {
            Site site = new Site(element, mirror, type, kind);
            checkGroups(site);
            String failure = new Failures(site, constants, hint).failure();
            if (failure != null) {
                checks.add(new Check(failure, Messages.of(site, elements)));
            }
        }
        return checks;
    }

    /** The constraints on {@code element}, with repeated ones ({@code @Pattern.List}) expanded. */
    static List<AnnotationMirror> annotations(Element element) {
        List<AnnotationMirror> found = new ArrayList<>();
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            String name = Names.qualifiedName(mirror);
            if (!name.startsWith(PACKAGE)) {
                continue;
            }
            if (name.endsWith(".List") && Names.value(mirror) instanceof List<?> repeated) {
                repeated.forEach(v -> found.add((AnnotationMirror) ((AnnotationValue) v).getValue()));
            } else {
                found.add(mirror);
            }
        }
        return found;
    }

    private static void checkGroups(Site site) throws RouteException {
        if (attribute(site.mirror(), "groups") instanceof List<?> groups && !groups.isEmpty()) {
            throw site.error("validation groups are not supported: every constraint is checked on every "
                    + "request; remove groups from @" + site.name());
        }
    }

    /** The explicit value of attribute {@code name}, or null. */
    static Object attribute(AnnotationMirror mirror, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : mirror.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue().getValue();
            }
        }
        return null;
    }

    /** The value of attribute {@code name}, explicit or default. */
    static Object attributeOrDefault(AnnotationMirror mirror, String name, Elements elements) {
        for (var e : elements.getElementValuesWithDefaults(mirror).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue().getValue();
            }
        }
        return null;
    }

    /** Builds the failure condition of one constraint. */
    private final class Failures {
        private final Site site;
        private final Constants constants;
        private final String hint;

        Failures(Site site, Constants constants, String hint) {
            this.site = site;
            this.constants = constants;
            this.hint = hint;
        }

        /** The condition, or null when the constraint cannot fail (a {@code @Size} without bounds). */
        String failure() throws RouteException {
            return switch (site.name()) {
                case "NotNull" -> reference("# == null");
                case "Null" -> reference("# != null");
                case "NotBlank" -> "# == null || " + string() + ".isBlank()";
                case "NotEmpty" -> "# == null || " + (site.kind() == ValueKind.ARRAY ? "#.length == 0" : sized() + ".isEmpty()");
                case "Size" -> size();
                case "Min", "Max" -> bound(site.name().equals("Min"));
                case "DecimalMin", "DecimalMax" -> new Decimals(site, constants, hint).failure();
                case "Positive" -> sign("> 0");
                case "PositiveOrZero" -> sign(">= 0");
                case "Negative" -> sign("< 0");
                case "NegativeOrZero" -> sign("<= 0");
                case "Pattern" -> pattern();
                case "Email" -> email();
                case "AssertTrue" -> bool("!#");
                case "AssertFalse" -> bool("#");
                case "Past", "PastOrPresent", "Future", "FutureOrPresent" -> time();
                default -> throw site.error("@" + site.name() + " is not supported by pronto-processor");
            };
        }

        private String reference(String failure) throws RouteException {
            if (site.primitive()) {
                throw site.notFor("object types");
            }
            return failure;
        }

        private String string() throws RouteException {
            if (site.kind() != ValueKind.STRING) {
                throw site.notFor(STRINGS);
            }
            return ValueKind.isA(site.type(), "java.lang.String", types, elements) ? "#" : "#.toString()";
        }

        private String sized() throws RouteException {
            return switch (site.kind()) {
                case STRING, COLLECTION, MAP -> "#";
                default -> throw site.notFor(SIZED);
            };
        }

        private String size() throws RouteException {
            int min = (Integer) attributeOrDefault(site.mirror(), "min", elements);
            int max = (Integer) attributeOrDefault(site.mirror(), "max", elements);
            String size = switch (site.kind()) {
                case STRING -> "#.length()";
                case COLLECTION, MAP -> "#.size()";
                case ARRAY -> "#.length";
                default -> throw site.notFor(SIZED);
            };
            if (min < 0 || max < min) {
                throw site.error("@Size needs 0 <= min <= max, got min " + min + " and max " + max);
            }
            List<String> parts = new ArrayList<>();
            if (min > 0) {
                parts.add(size + " < " + min);
            }
            if (max < Integer.MAX_VALUE) {
                parts.add(size + " > " + max);
            }
            return parts.isEmpty() ? null : site.nonNull(String.join(" || ", parts));
        }

        private String bound(boolean min) throws RouteException {
            long value = (Long) attributeOrDefault(site.mirror(), "value", elements);
            String op = min ? " < " : " > ";
            return switch (site.kind()) {
                case INTEGRAL -> site.nonNull("#" + op + longLiteral(value));
                case BIG_INTEGER, BIG_DECIMAL -> {
                    String type = site.kind() == ValueKind.BIG_INTEGER ? "java.math.BigInteger" : "java.math.BigDecimal";
                    String constant = constants.add(hint + (min ? " min" : " max"), type, type + ".valueOf(" + longLiteral(value) + ")");
                    yield site.nonNull("#.compareTo(" + constant + ")" + op + "0");
                }
                default -> throw site.notFor(BOUNDED);
            };
        }

        private String sign(String valid) throws RouteException {
            String failing = switch (valid) {
                case "> 0" -> " <= 0";
                case ">= 0" -> " < 0";
                case "< 0" -> " >= 0";
                default -> " > 0";
            };
            return switch (site.kind()) {
                case INTEGRAL, FLOATING -> site.nonNull("#" + failing);
                case BIG_INTEGER, BIG_DECIMAL -> site.nonNull("#.signum()" + failing);
                default -> throw site.notFor(NUMBERS);
            };
        }

        private String pattern() throws RouteException {
            String value = string();
            String regexp = (String) attributeOrDefault(site.mirror(), "regexp", elements);
            String constant = compiled(regexp, hint + " pattern");
            return site.nonNull("!" + constant + ".matcher(" + value + ").matches()");
        }

        private String email() throws RouteException {
            String value = string();
            String email = constants.add("email", "java.util.regex.Pattern",
                    "java.util.regex.Pattern.compile(" + Names.literal(EMAIL) + ")");
            String matches = email + ".matcher(" + value + ").matches()";
            String regexp = (String) attributeOrDefault(site.mirror(), "regexp", elements);
            if (!regexp.equals(".*")) {
                matches += " && " + compiled(regexp, hint + " pattern") + ".matcher(" + value + ").matches()";
            }
            return "# != null && !" + value + ".isEmpty() && !(" + matches + ")";
        }

        private String compiled(String regexp, String name) throws RouteException {
            List<String> flags = new ArrayList<>();
            if (attributeOrDefault(site.mirror(), "flags", elements) instanceof List<?> values) {
                values.forEach(v -> flags.add("java.util.regex.Pattern." + ((AnnotationValue) v).getValue()));
            }
            try {
                java.util.regex.Pattern.compile(regexp);
            } catch (PatternSyntaxException e) {
                throw site.error("@" + site.name() + " regexp does not compile: " + e.getDescription()
                        + " near index " + e.getIndex() + " of " + regexp);
            }
            String init = "java.util.regex.Pattern.compile(" + Names.literal(regexp)
                    + (flags.isEmpty() ? "" : ", " + String.join(" | ", flags)) + ")";
            return constants.add(name, "java.util.regex.Pattern", init);
        }

        private String bool(String failure) throws RouteException {
            if (site.kind() != ValueKind.BOOLEAN) {
                throw site.notFor("booleans");
            }
            return site.nonNull(failure);
        }

        private String time() throws RouteException {
            if (site.kind() != ValueKind.TEMPORAL) {
                throw site.notFor(TIMES);
            }
            String now = types.erasure(site.type()) + ".now()";
            String failure = switch (site.name()) {
                case "Past" -> "!#.isBefore(" + now + ")";
                case "PastOrPresent" -> "#.isAfter(" + now + ")";
                case "Future" -> "!#.isAfter(" + now + ")";
                default -> "#.isBefore(" + now + ")";
            };
            return site.nonNull(failure);
        }
    }

    static String longLiteral(long value) {
        return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE ? Long.toString(value) : value + "L";
    }
}
