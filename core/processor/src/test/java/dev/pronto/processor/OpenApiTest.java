package dev.pronto.processor;

import static dev.pronto.processor.OpenApiDocuments.at;
import static dev.pronto.processor.OpenApiDocuments.compiled;
import static dev.pronto.processor.OpenApiDocuments.parse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The OpenAPI 3.1 document the processor writes to {@code META-INF/pronto/openapi.json}. */
class OpenApiTest {
    /** Optional properties are nullable: DSL-JSON writes an absent one as null and reads null as absent. */
    private static final List<String> NULLABLE_STRING = List.of("string", "null");
    private static final List<String> NULLABLE_ARRAY = List.of("array", "null");

    private static final String REF = "$ref";

    @Test
    void parametersHaveTheirSourceTypeAndOptionalness() {
        Object params = at(parse(compiled(OpenApiFixtures.PARAMS)), "paths", "/shops/{shop}/items", "get", "parameters");
        assertThat(params).isEqualTo(List.of(
                Map.of("name", "shop", "in", "path", "required", true, "schema", Map.of("type", "integer", "format", "int64")),
                Map.of("name", "limit", "in", "query", "required", false, "schema", Map.of("type", "integer", "format", "int32")),
                Map.of("name", "tag", "in", "query", "required", false,
                        "schema", Map.of("type", "array", "items", Map.of("type", "string"))),
                Map.of("name", "sort", "in", "query", "required", true, "schema", Map.of(REF, "#/components/schemas/Search.Sort")),
                Map.of("name", "X-Tenant", "in", "header", "required", true, "schema", Map.of("type", "string")),
                Map.of("name", "session", "in", "cookie", "required", false, "schema", Map.of("type", "string"))));
    }

    @Test
    void enumsAreStringComponents() {
        Object sort = at(parse(compiled(OpenApiFixtures.PARAMS)), "components", "schemas", "Search.Sort");
        assertThat(sort).isEqualTo(Map.of("type", "string", "enum", List.of("NAME", "PRICE")));
    }

    @Test
    void textResultIsPlainText() {
        Object ok = at(parse(compiled(OpenApiFixtures.PARAMS)), "paths", "/shops/{shop}/items", "get", "responses", "200");
        assertThat(ok).isEqualTo(Map.of("description", "OK",
                "content", Map.of("text/plain", Map.of("schema", Map.of("type", "string")))));
    }

    @Test
    void jsonBodyAndAsyncResultReferToRecordComponents() {
        Object create = at(parse(compiled(OpenApiFixtures.ORDERS)), "paths", "/orders", "post");
        Object json = Map.of("application/json", Map.of("schema", Map.of(REF, "#/components/schemas/Orders.Order")));
        assertThat(at(create, "requestBody")).isEqualTo(Map.of("required", true, "content", json));
        assertThat(at(create, "responses", "201")).isEqualTo(Map.of("description", "Created", "content", json));
    }

    @Test
    void nestedRecordsListsMapsEnumsAndInstantsAreSchemas() {
        Map<String, Object> doc = parse(compiled(OpenApiFixtures.ORDERS));
        Object order = at(doc, "components", "schemas", "Orders.Order", "properties");
        assertThat(order).isEqualTo(Map.of(
                "id", Map.of("type", "integer", "format", "int64", "default", 0L),
                "lines", Map.of("type", NULLABLE_ARRAY, "items", Map.of(REF, "#/components/schemas/Orders.Line")),
                "counts", Map.of("type", List.of("object", "null"), "additionalProperties",
                        Map.of("type", "integer", "format", "int32")),
                "state", Map.of("anyOf", List.of(Map.of(REF, "#/components/schemas/Orders.State"), Map.of("type", "null"))),
                "at", Map.of("type", NULLABLE_STRING, "format", "date-time"),
                "note", Map.of("type", NULLABLE_STRING),
                "parent", Map.of("anyOf", List.of(Map.of(REF, "#/components/schemas/Orders.Order"), Map.of("type", "null")))));
        // an unconstrained primitive left out reads as 0: optional, with that default
        assertThat(at(doc, "components", "schemas", "Orders.Order", "required")).isNull();
        assertThat(at(doc, "components", "schemas", "Orders.Line", "description")).isEqualTo("One line of an order.");
    }

    @Test
    void aLocalDateIsADayByPatternAsWellAsByFormat() {
        Map<String, Object> doc = parse(compiled("""
                package app;

                import dev.pronto.core.annotation.*;
                import java.time.LocalDate;

                public final class Days {
                    public record Day(LocalDate on) {
                    }

                    @Post("/days")
                    Day add(@Body Day day) {
                        return day;
                    }
                }
                """));
        Object on = at(doc, "components", "schemas", "Days.Day", "properties", "on");
        assertThat(on).isEqualTo(Map.of("type", NULLABLE_STRING, "format", "date", "pattern", ScalarSchemas.DATE_PATTERN));
        java.util.regex.Pattern day = java.util.regex.Pattern.compile(ScalarSchemas.DATE_PATTERN);
        assertThat(List.of("2024-02-29", "2000-02-29", "0000-02-29", "2023-12-31", "2023-04-30"))
                .allMatch(d -> day.matcher(d).matches() && java.time.LocalDate.parse(d) != null);
        assertThat(List.of("", "2023-02-29", "1900-02-29", "2023-04-31", "2023-13-01", "2023-1-01", "+12023-01-01"))
                .noneMatch(d -> day.matcher(d).matches());
    }

    @Test
    void aSetIsAnArrayThatMayRepeatItems() {
        Map<String, Object> doc = parse(compiled("""
                package app;

                import dev.pronto.core.annotation.*;
                import java.util.Set;

                public final class Tags {
                    public record Tagged(Set<String> tags) {
                    }

                    @Post("/tags")
                    Tagged add(@Body Tagged tagged) {
                        return tagged;
                    }
                }
                """));
        // binding collapses ["a", "a"] into one tag rather than refusing it, so the schema has no uniqueItems
        assertThat(at(doc, "components", "schemas", "Tags.Tagged", "properties", "tags"))
                .isEqualTo(Map.of("type", NULLABLE_ARRAY, "items", Map.of("type", "string")));
    }

    @Test
    void jsonAttributesRenameSkipAndRequireProperties() {
        Object doc = at(parse(compiled(OpenApiFixtures.RENAMED)), "components", "schemas", "Renamed.Doc");
        assertThat(at(doc, "properties")).isEqualTo(Map.of("full_name", Map.of("type", List.of("string", "null")),
                "code", Map.of("type", "string")));
        assertThat(at(doc, "required")).isEqualTo(List.of("code"));
    }

    @Test
    void constraintsBecomeSchemaKeywords() {
        Map<String, Object> doc = parse(compiled(OpenApiFixtures.CONSTRAINED));
        Object form = at(doc, "components", "schemas", "Signup.Form");
        assertThat(at(form, "properties")).isEqualTo(Map.of(
                "name", Map.of("type", "string", "minLength", 1L, "maxLength", 40L, "pattern", SchemaKeywords.NOT_BLANK),
                "email", Map.of("type", NULLABLE_STRING, "format", "email"),
                "code", Map.of("type", NULLABLE_STRING, "pattern", "^(?:[a-z]+)$"),
                "age", Map.of("type", "integer", "format", "int32", "exclusiveMinimum", 0L),
                "tags", Map.of("type", NULLABLE_ARRAY, "items", Map.of("type", "string"), "minItems", 1L, "maxItems", 3L),
                "score", Map.of("type", List.of("number", "null"), "exclusiveMaximum", new java.math.BigDecimal("9.5")),
                "note", Map.of("type", NULLABLE_STRING),
                "floor", Map.of("type", List.of("number", "null"), "exclusiveMinimum", new java.math.BigDecimal("0.5"))));
        assertThat(at(form, "required")).isEqualTo(List.of("name", "age"));
        assertThat(at(doc, "paths", "/signup", "post", "parameters", "0", "schema"))
                .isEqualTo(Map.of("type", "integer", "format", "int32", "minimum", 1L, "maximum", 50L));
    }

    @Test
    void theNotBlankPatternFindsTextExactlyWhereIsBlankDoes() {
        java.util.regex.Pattern notBlank = java.util.regex.Pattern.compile(SchemaKeywords.NOT_BLANK);

        for (char c = 0; c < Character.MAX_VALUE; c++) {
            String one = String.valueOf(c);
            assertThat(notBlank.matcher(one).find()).as("U+%04X", (int) c).isEqualTo(!one.isBlank());
        }
    }

    @Test
    void twoPatternsOnOnePropertyBothApply() {
        Object doc = at(parse(compiled("""
                package app;

                import dev.pronto.core.annotation.*;
                import jakarta.validation.constraints.*;

                public final class Notes {
                    public record Note(@NotBlank @Pattern(regexp = "[^\\\\x00]*") String text) {
                    }

                    @Post("/notes")
                    void add(@Body Note note) {
                    }
                }
                """)), "components", "schemas", "Notes.Note", "properties", "text");
        assertThat(doc).isEqualTo(Map.of("type", "string", "minLength", 1L, "pattern", SchemaKeywords.NOT_BLANK,
                "allOf", List.of(Map.of("pattern", "^(?:[^\\x00]*)$"))));
    }

    @Test
    void voidRouteAnswers204() {
        Object responses = at(parse(compiled(OpenApiFixtures.CONSTRAINED)), "paths", "/signup", "post", "responses");
        assertThat(at(responses, "204")).isEqualTo(Map.of("description", "No Content"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void errorsAreProblemResponsesAfterWhatTheRouteTakes() {
        Map<String, Object> doc = parse(compiled(OpenApiFixtures.ORDERS));
        Map<String, ?> create = (Map<String, ?>) at(doc, "paths", "/orders", "post", "responses");
        Map<String, ?> remove = (Map<String, ?>) at(doc, "paths", "/orders/{id}", "delete", "responses");
        assertThat(create.keySet()).containsExactlyInAnyOrder("201", "400", "406", "408", "413", "414", "415", "429",
                "431", "500", "503", "504");
        assertThat(remove.keySet()).containsExactlyInAnyOrder("204", "400", "404", "414", "429", "431", "500", "503",
                "504");
        assertThat(remove.get("404")).isEqualTo(Map.of(REF, "#/components/responses/NotFound"));
        assertThat(at(doc, "components", "responses", "NotFound", "content"))
                .isEqualTo(Map.of("application/problem+json", Map.of("schema", Map.of(REF, "#/components/schemas/Problem"))));
    }

    @Test
    void badRequestListsTheValidatedFields() {
        Object badRequest = at(parse(compiled(OpenApiFixtures.CONSTRAINED)), "paths", "/signup", "post", "responses", "400");
        assertThat(at(badRequest, "description")).asString().endsWith("errors (body, query.limit)");
        assertThat(at(badRequest, "content", "application/problem+json", "schema", REF))
                .isEqualTo("#/components/schemas/ValidationProblem");
    }

    @Test
    void javadocBecomesSummaryDescriptionAndTag() {
        Map<String, Object> doc = parse(compiled(OpenApiFixtures.ORDERS));
        Object create = at(doc, "paths", "/orders", "post");
        assertThat(at(create, "summary")).isEqualTo("Creates an order.");
        assertThat(at(create, "description")).isEqualTo("Creates an order. The id is chosen by the server.");
        assertThat(at(create, "tags")).isEqualTo(List.of("Orders"));
        assertThat(at(doc, "tags")).isEqualTo(List.of(Map.of("name", "Orders", "description", "Orders of the shop.")));
    }

    @Test
    void controllersOfOneCompilationMergeIntoOneSortedDocument() {
        String text = OpenApiDocuments.text(compiled(OpenApiFixtures.PARAMS, OpenApiFixtures.ORDERS));
        assertThat(text).containsSubsequence("\"/orders\"", "\"/orders/{id}\"", "\"/shops/{shop}/items\"");
        assertThat(at(parse(compiled(OpenApiFixtures.ORDERS, OpenApiFixtures.PARAMS)), "paths"))
                .isEqualTo(at(parse(compiled(OpenApiFixtures.PARAMS, OpenApiFixtures.ORDERS)), "paths"));
    }

    @Test
    void titleAndVersionComeFromProcessorOptions() {
        var compilation = TestCompiler.compileWith(List.of("-Apronto.openapi.title=Shop", "-Apronto.openapi.version=2.1"),
                OpenApiFixtures.PARAMS);
        assertThat(at(parse(compilation), "info")).isEqualTo(Map.of("title", "Shop", "version", "2.1"));
        assertThat(at(parse(compilation), "openapi")).isEqualTo("3.1.0");
    }

    @Test
    void compilationWithoutRoutesWritesNoDocument() {
        var compilation = compiled("package app; public final class Plain { }");
        assertThat(OpenApiDocuments.file(compilation)).doesNotExist();
    }
}
