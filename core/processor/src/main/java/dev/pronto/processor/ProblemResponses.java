package dev.pronto.processor;

import java.util.List;
import java.util.Map;

/**
 * The RFC 9457 {@code application/problem+json} error responses a route can give, as the server
 * writes them with {@code ErrorFormat.PROBLEM_JSON}: shared components and the references to them.
 */
final class ProblemResponses {
    private static final String MEDIA_TYPE = "application/problem+json";
    private static final Map<Integer, String> REASONS = Map.ofEntries(
            Map.entry(200, "OK"), Map.entry(201, "Created"), Map.entry(202, "Accepted"), Map.entry(204, "No Content"),
            Map.entry(400, "Bad Request"), Map.entry(404, "Not Found"), Map.entry(415, "Unsupported Media Type"),
            Map.entry(500, "Internal Server Error"));

    private ProblemResponses() {
    }

    /** The reason phrase of {@code status}, or a generic one. */
    static String reason(int status) {
        return REASONS.getOrDefault(status, status < 400 ? "Success" : "Error");
    }

    /** A reference to the shared response {@code name}. */
    static Map<String, Object> ref(String name) {
        return Map.of("$ref", "#/components/responses/" + name);
    }

    /** The 400 of a route whose validation can name {@code fields}. */
    static Map<String, Object> badRequest(List<String> fields) {
        String description = "Bad Request: a parameter or the body is missing, malformed or invalid";
        if (!fields.isEmpty()) {
            description += "; validation failures list each field in errors (" + String.join(", ", fields) + ")";
        }
        return response(description, "ValidationProblem");
    }

    /**
     * The statuses the server itself may send on any route, whatever the method does: limits on the
     * request head (414, 431), shedding and rate limits (429, 503), the caller's deadline (504), a failure (500).
     */
    private static final Map<String, String> SERVER_STATUSES = Map.of(
            "414", "UriTooLong", "429", "TooManyRequests", "431", "RequestHeaderFieldsTooLarge",
            "500", "InternalServerError", "503", "ServiceUnavailable", "504", "GatewayTimeout");

    /** Adds the references to the statuses the server may send on any route to {@code responses}. */
    static void addServerStatuses(Map<String, Object> responses) {
        SERVER_STATUSES.forEach((status, name) -> responses.put(status, ref(name)));
    }

    /** Adds the shared responses and their schemas to {@code components}. */
    static void addComponents(Map<String, Object> components, Map<String, Object> schemas) {
        Map<String, Object> responses = JsonText.object();
        responses.put("NotFound", response("Not Found: no resource has these path parameters", "Problem"));
        responses.put("NotAcceptable", response("Not Acceptable: the route answers application/json, "
                + "which the request's Accept excludes", "Problem"));
        responses.put("RequestTimeout", response("Request Timeout: the body did not arrive in time", "Problem"));
        responses.put("ContentTooLarge", response("Content Too Large: the body exceeds the server's limit "
                + "(maxBodySize)", "Problem"));
        responses.put("UnsupportedMediaType", response("Unsupported Media Type: the body's Content-Type or "
                + "Content-Encoding is not accepted (Accept-Encoding names the codings that are)", "Problem"));
        responses.put("UriTooLong", response("URI Too Long: the request target exceeds the server's limit", "Problem"));
        responses.put("TooManyRequests", response("Too Many Requests: a rate limit refused the request", "Problem"));
        responses.put("RequestHeaderFieldsTooLarge", response("Request Header Fields Too Large: the head exceeds "
                + "the server's limits", "Problem"));
        responses.put("InternalServerError", response("Internal Server Error", "Problem"));
        responses.put("ServiceUnavailable", response("Service Unavailable: the server is overloaded, draining, "
                + "or the response timed out", "Problem"));
        responses.put("GatewayTimeout", response("Gateway Timeout: the deadline the caller sent (Request-Timeout) "
                + "passed", "Problem"));
        components.put("responses", responses);
        Map<String, Object> problem = JsonText.object();
        problem.put("type", "object");
        problem.put("description", "An RFC 9457 problem document.");
        problem.put("properties", Map.of("type", Map.of("type", "string"), "title", Map.of("type", "string"),
                "status", Map.of("type", "integer", "format", "int32"), "detail", Map.of("type", "string")));
        problem.put("required", List.of("type", "title", "status"));
        schemas.put("Problem", problem);
        Map<String, Object> field = JsonText.object();
        field.put("type", "object");
        field.put("properties", Map.of("field", Map.of("type", "string"), "message", Map.of("type", "string")));
        field.put("required", List.of("field", "message"));
        schemas.put("FieldError", field);
        Map<String, Object> errors = Map.of("type", "array", "items", Map.of("$ref", "#/components/schemas/FieldError"));
        Map<String, Object> validation = JsonText.object();
        validation.put("description", "A problem document; a validation failure adds the invalid fields.");
        validation.put("allOf", List.of(Map.of("$ref", "#/components/schemas/Problem"),
                Map.of("type", "object", "properties", Map.of("errors", errors))));
        schemas.put("ValidationProblem", validation);
    }

    private static Map<String, Object> response(String description, String schema) {
        Map<String, Object> response = JsonText.object();
        response.put("description", description);
        response.put("content", Map.of(MEDIA_TYPE, Map.of("schema", Map.of("$ref", "#/components/schemas/" + schema))));
        return response;
    }
}
