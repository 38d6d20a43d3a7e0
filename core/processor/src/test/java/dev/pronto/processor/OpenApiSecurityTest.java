package dev.pronto.processor;

import static dev.pronto.processor.OpenApiDocuments.at;
import static dev.pronto.processor.OpenApiDocuments.compiled;
import static dev.pronto.processor.OpenApiDocuments.REPORTS;
import static dev.pronto.processor.OpenApiDocuments.parse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @RolesAllowed} routes in the OpenAPI document: security requirements, schemes, 401 and 403. */
class OpenApiSecurityTest {
    private static final String REF = "$ref";

    @Test
    void guardedRoutesRequireABearerTokenWithTheirRoles() {
        Map<String, Object> doc = parse(compiled(REPORTS));

        assertThat(at(doc, "paths", "/reports/daily", "get", "security")).isEqualTo(List.of(Map.of("bearerAuth", List.of("manager"))));
        assertThat(at(doc, "paths", "/reports/audit", "get", "security"))
                .isEqualTo(List.of(Map.of("bearerAuth", List.of("auditor", "admin"))));
    }

    @Test
    void guardedRoutesAnswer401And403AsProblems() {
        Map<String, Object> doc = parse(compiled(REPORTS));

        assertThat(at(doc, "paths", "/reports/daily", "get", "responses", "401")).isEqualTo(Map.of(REF, "#/components/responses/Unauthorized"));
        assertThat(at(doc, "paths", "/reports/daily", "get", "responses", "403")).isEqualTo(Map.of(REF, "#/components/responses/Forbidden"));
        Object problem = Map.of("application/problem+json", Map.of("schema", Map.of(REF, "#/components/schemas/Problem")));
        assertThat(at(doc, "components", "responses", "Unauthorized", "content")).isEqualTo(problem);
        assertThat(at(doc, "components", "responses", "Unauthorized", "headers", "WWW-Authenticate", "schema"))
                .isEqualTo(Map.of("type", "string"));
        assertThat(at(doc, "components", "responses", "Forbidden", "content")).isEqualTo(problem);
    }

    @Test
    void bearerJwtIsTheDefaultScheme() {
        assertThat(at(parse(compiled(REPORTS)), "components", "securitySchemes"))
                .isEqualTo(Map.of("bearerAuth", Map.of("type", "http", "scheme", "bearer", "bearerFormat", "JWT")));
    }

    @Test
    void optionNamesBasicOrBothSchemesAsAlternatives() {
        var compilation = TestCompiler.compileWith(List.of("-Apronto.openapi.security=bearer, basic"), REPORTS);
        Map<String, Object> doc = parse(compilation);

        assertThat(at(doc, "paths", "/reports/daily", "get", "security"))
                .isEqualTo(List.of(Map.of("bearerAuth", List.of("manager")), Map.of("basicAuth", List.of("manager"))));
        assertThat(at(doc, "components", "securitySchemes", "basicAuth")).isEqualTo(Map.of("type", "http", "scheme", "basic"));
    }

    @Test
    void openRoutesHaveNoSecurityAndNoSchemesAreDeclared() {
        Map<String, Object> mixed = parse(compiled(REPORTS, OpenApiFixtures.PARAMS));
        Map<String, Object> open = parse(compiled(OpenApiFixtures.PARAMS));

        assertThat(map(at(mixed, "paths", "/shops/{shop}/items", "get"))).doesNotContainKey("security");
        assertThat(map(at(mixed, "paths", "/shops/{shop}/items", "get", "responses"))).doesNotContainKeys("401", "403");
        assertThat(map(at(open, "components"))).doesNotContainKey("securitySchemes");
        assertThat(map(at(open, "components", "responses"))).doesNotContainKeys("Unauthorized", "Forbidden");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object node) {
        return (Map<String, Object>) node;
    }

    @Test
    void unknownSchemeInTheOptionIsACompileError() {
        var compilation = TestCompiler.compileWith(List.of("-Apronto.openapi.security=oauth2"), REPORTS);

        assertThat(compilation.errors()).anySatisfy(e -> assertThat(e).contains("pronto.openapi.security must list bearer"));
    }
}
