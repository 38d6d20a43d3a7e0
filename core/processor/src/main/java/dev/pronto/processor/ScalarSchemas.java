package dev.pronto.processor;

import java.util.List;
import java.util.Map;

/** The schemas of the types DSL-JSON writes as JSON scalars: numbers, booleans, and strings with a format. */
final class ScalarSchemas {
    private static final Map<String, List<String>> SCALARS = Map.ofEntries(
            Map.entry("boolean", List.of("boolean")), Map.entry("java.lang.Boolean", List.of("boolean")),
            Map.entry("byte", List.of("integer", "int32")), Map.entry("java.lang.Byte", List.of("integer", "int32")),
            Map.entry("short", List.of("integer", "int32")), Map.entry("java.lang.Short", List.of("integer", "int32")),
            Map.entry("int", List.of("integer", "int32")), Map.entry("java.lang.Integer", List.of("integer", "int32")),
            Map.entry("long", List.of("integer", "int64")), Map.entry("java.lang.Long", List.of("integer", "int64")),
            Map.entry("float", List.of("number", "float")), Map.entry("java.lang.Float", List.of("number", "float")),
            Map.entry("double", List.of("number", "double")), Map.entry("java.lang.Double", List.of("number", "double")),
            Map.entry("java.math.BigInteger", List.of("integer")), Map.entry("java.math.BigDecimal", List.of("number")),
            Map.entry("char", List.of("string")), Map.entry("java.lang.Character", List.of("string")),
            Map.entry("java.lang.String", List.of("string")), Map.entry("java.lang.CharSequence", List.of("string")),
            Map.entry("java.util.UUID", List.of("string", "uuid")), Map.entry("java.net.URI", List.of("string", "uri")),
            Map.entry("java.time.Instant", List.of("string", "date-time")),
            Map.entry("java.time.OffsetDateTime", List.of("string", "date-time")),
            Map.entry("java.time.ZonedDateTime", List.of("string", "date-time")),
            Map.entry("java.time.LocalDate", List.of("string", "date")),
            Map.entry("java.time.LocalTime", List.of("string", "time")),
            Map.entry("java.time.LocalDateTime", List.of("string")), Map.entry("java.time.Duration", List.of("string", "duration")),
            Map.entry("byte[]", List.of("string", "byte")));
    /**
     * A calendar day as {@code LocalDate} parses it, four-digit years, leap days included. OpenAPI 3.1's
     * {@code format} only annotates, so without an asserted keyword a validator (and a property-based tester)
     * takes {@code ""} or {@code 2021-02-30} as a date, which binding refuses with a 400.
     */
    static final String DATE_PATTERN = "^(?:[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])"
            + "|[0-9]{4}-(?:0[13-9]|1[0-2])-(?:29|30)|[0-9]{4}-(?:0[13578]|1[02])-31"
            + "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$";

    private ScalarSchemas() {
    }

    /** The schema of the erased type {@code name}, empty when it is not a scalar. */
    static Map<String, Object> of(String name) {
        Map<String, Object> schema = JsonText.object();
        List<String> scalar = SCALARS.get(name);
        if (scalar != null) {
            schema.put("type", scalar.get(0));
            if (scalar.size() > 1) {
                schema.put("format", scalar.get(1));
            }
            if (name.equals("java.time.LocalDate")) {
                schema.put("pattern", DATE_PATTERN);
            }
        }
        return schema;
    }
}
