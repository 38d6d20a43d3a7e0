package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.util.Elements;

/**
 * Field error messages: a constraint's own {@code message} when it is not a
 * {@code {jakarta.validation...}} key, else the English default Hibernate Validator uses. Either
 * has {@code {attribute}} references replaced by the annotation's values, e.g. {@code {max}}.
 */
final class Messages {
    private Messages() {
    }

    static String of(Constraints.Site site, Elements elements) {
        Object explicit = Constraints.attribute(site.mirror(), "message");
        String template = explicit instanceof String s && !s.startsWith("{jakarta.validation.") ? s : standard(site, elements);
        StringBuilder sb = new StringBuilder(template);
        for (var e : elements.getElementValuesWithDefaults(site.mirror()).entrySet()) {
            Object value = e.getValue().getValue();
            if (value instanceof List<?> || value instanceof javax.lang.model.type.TypeMirror) {
                continue;
            }
            String key = "{" + e.getKey().getSimpleName() + "}";
            String text = value instanceof AnnotationValue v ? v.toString() : String.valueOf(value);
            for (int i = sb.indexOf(key); i >= 0; i = sb.indexOf(key, i + text.length())) {
                sb.replace(i, i + key.length(), text);
            }
        }
        return sb.toString();
    }

    private static String standard(Constraints.Site site, Elements elements) {
        return switch (site.name()) {
            case "NotNull" -> "must not be null";
            case "Null" -> "must be null";
            case "NotBlank" -> "must not be blank";
            case "NotEmpty" -> "must not be empty";
            case "Size" -> "size must be between {min} and {max}";
            case "Min" -> "must be greater than or equal to {value}";
            case "Max" -> "must be less than or equal to {value}";
            case "DecimalMin" -> "must be greater than " + orEqual(site, elements) + "{value}";
            case "DecimalMax" -> "must be less than " + orEqual(site, elements) + "{value}";
            case "Positive" -> "must be greater than 0";
            case "PositiveOrZero" -> "must be greater than or equal to 0";
            case "Negative" -> "must be less than 0";
            case "NegativeOrZero" -> "must be less than or equal to 0";
            case "Pattern" -> "must match \"{regexp}\"";
            case "Email" -> "must be a well-formed email address";
            case "AssertTrue" -> "must be true";
            case "AssertFalse" -> "must be false";
            case "Past" -> "must be a past date";
            case "PastOrPresent" -> "must be a date in the past or in the present";
            case "Future" -> "must be a future date";
            default -> "must be a date in the present or in the future";
        };
    }

    private static String orEqual(Constraints.Site site, Elements elements) {
        return Boolean.TRUE.equals(Constraints.attributeOrDefault(site.mirror(), "inclusive", elements)) ? "or equal to " : "";
    }
}
