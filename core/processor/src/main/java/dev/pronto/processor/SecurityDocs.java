package dev.pronto.processor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenAPI security of routes guarded by {@code @RolesAllowed}: a security requirement naming the roles
 * (OpenAPI 3.1 lets a non-OAuth requirement list role names), the 401 and 403 problem+json answers core's
 * {@code RoleCheck} gives, and the HTTP security schemes in components. The processor cannot see which
 * authenticator guards the scope a controller is registered in, so option {@code pronto.openapi.security}
 * names the schemes: {@code bearer} (a JWT, pronto-auth's {@code Auth.jwt}; the default), {@code basic}, or
 * both, comma-separated, as alternatives.
 */
final class SecurityDocs {
    static final String OPTION = "pronto.openapi.security";
    private static final String MEDIA_TYPE = "application/problem+json";
    private static final Map<String, String> NAMES = Map.of("bearer", "bearerAuth", "basic", "basicAuth");

    private SecurityDocs() {
    }

    /**
     * The scheme names of option {@link #OPTION} ({@code bearer} when absent).
     *
     * @throws IllegalArgumentException for a value other than a comma-separated list of bearer and basic
     */
    static List<String> schemes(Map<String, String> options) {
        String value = options.getOrDefault(OPTION, "bearer");
        Set<String> schemes = new LinkedHashSet<>();
        for (String name : value.split(",", -1)) {
            if (!NAMES.containsKey(name.strip())) {
                throw new IllegalArgumentException(OPTION + " must list bearer and/or basic, comma-separated, got '" + value + "'");
            }
            schemes.add(name.strip());
        }
        return List.copyOf(schemes);
    }

    /** Adds to {@code operation} the requirement of any of {@code roles} under each of {@code schemes}, and its 401 and 403. */
    static void secure(Map<String, Object> operation, List<String> roles, List<String> schemes) {
        List<Object> requirements = new ArrayList<>();
        for (String scheme : schemes) {
            requirements.add(Map.of(NAMES.get(scheme), roles));
        }
        operation.put("security", requirements);
        @SuppressWarnings("unchecked")
        Map<String, Object> responses = (Map<String, Object>) operation.get("responses");
        responses.put("401", ProblemResponses.ref("Unauthorized"));
        responses.put("403", ProblemResponses.ref("Forbidden"));
    }

    /** Adds {@code schemes} and the shared 401 and 403 responses to {@code components} (after the other responses). */
    static void addComponents(Map<String, Object> components, List<String> schemes) {
        Map<String, Object> definitions = JsonText.object();
        for (String scheme : schemes) {
            Map<String, Object> definition = JsonText.object();
            definition.put("type", "http");
            definition.put("scheme", scheme);
            if (scheme.equals("bearer")) {
                definition.put("bearerFormat", "JWT");
            }
            definitions.put(NAMES.get(scheme), definition);
        }
        components.put("securitySchemes", definitions);
        @SuppressWarnings("unchecked")
        Map<String, Object> responses = (Map<String, Object>) components.get("responses");
        Map<String, Object> unauthorized = problem("Unauthorized: no credentials, or credentials that fail a check");
        unauthorized.put("headers", Map.of("WWW-Authenticate", Map.of("description",
                "The challenge: the scheme, its realm and, for a rejected token, why", "schema", Map.of("type", "string"))));
        responses.put("Unauthorized", unauthorized);
        responses.put("Forbidden", problem("Forbidden: the caller holds none of the roles this operation requires"));
    }

    private static Map<String, Object> problem(String description) {
        Map<String, Object> response = JsonText.object();
        response.put("description", description);
        response.put("content", Map.of(MEDIA_TYPE, Map.of("schema", Map.of("$ref", "#/components/schemas/Problem"))));
        return response;
    }
}
