package dev.pronto.core.internal.openapi;

import java.util.Map;

/**
 * The problem responses and schemas every document shares, as {@code pronto-processor} writes them
 * (its {@code ProblemResponses}): a document assembled without the processor's, or one whose
 * processor document had no route, still gets them for its described routes.
 */
final class ProblemComponents {
    private static final String MEDIA_TYPE = "application/problem+json";
    /** The statuses the server may send on any route, and their shared responses. */
    static final Map<String, String> SERVER_STATUSES = Map.of(
            "414", "UriTooLong", "429", "TooManyRequests", "431", "RequestHeaderFieldsTooLarge",
            "500", "InternalServerError", "503", "ServiceUnavailable", "504", "GatewayTimeout");
    /** The statuses the server may send on a route with a body. */
    static final Map<String, String> BODY_STATUSES = Map.of(
            "408", "RequestTimeout", "413", "ContentTooLarge", "415", "UnsupportedMediaType");
    private static final Map<String, String> RESPONSES = Map.ofEntries(
            Map.entry("NotFound", "Not Found: no resource has these path parameters"),
            Map.entry("RequestTimeout", "Request Timeout: the body did not arrive in time"),
            Map.entry("ContentTooLarge", "Content Too Large: the body exceeds the server's limit (maxBodySize)"),
            Map.entry("UnsupportedMediaType", "Unsupported Media Type: the body's Content-Type or Content-Encoding is "
                    + "not accepted (Accept-Encoding names the codings that are)"),
            Map.entry("UriTooLong", "URI Too Long: the request target exceeds the server's limit"),
            Map.entry("TooManyRequests", "Too Many Requests: a rate limit refused the request"),
            Map.entry("RequestHeaderFieldsTooLarge", "Request Header Fields Too Large: the head exceeds the server's limits"),
            Map.entry("InternalServerError", "Internal Server Error"),
            Map.entry("ServiceUnavailable", "Service Unavailable: the server is overloaded, draining, or the response "
                    + "timed out"),
            Map.entry("GatewayTimeout", "Gateway Timeout: the deadline the caller sent (Request-Timeout) passed"));

    private ProblemComponents() {
    }

    /** A reference to the shared response {@code name}. */
    static Map<String, Object> ref(String name) {
        Map<String, Object> ref = JsonTree.object();
        ref.put("$ref", "#/components/responses/" + name);
        return ref;
    }

    /** A generic 400 problem response. */
    static Map<String, Object> badRequest() {
        return response("Bad Request: a parameter or the body is missing, malformed or invalid", "ValidationProblem");
    }

    /** Adds the shared responses and schemas {@code document} lacks. */
    static void addMissing(Map<String, Object> document) {
        Map<String, Object> components = child(document, "components");
        Map<String, Object> responses = child(components, "responses");
        RESPONSES.forEach((name, description) -> responses.putIfAbsent(name, response(description, "Problem")));
        Map<String, Object> schemas = child(components, "schemas");
        if (!schemas.containsKey("Problem")) {
            schemas.put("Problem", JsonTree.parse("{\"type\":\"object\",\"description\":\"An RFC 9457 problem document.\","
                    + "\"properties\":{\"type\":{\"type\":\"string\"},\"title\":{\"type\":\"string\"},"
                    + "\"status\":{\"type\":\"integer\",\"format\":\"int32\"},\"detail\":{\"type\":\"string\"}},"
                    + "\"required\":[\"type\",\"title\",\"status\"]}"));
        }
        if (!schemas.containsKey("FieldError")) {
            schemas.put("FieldError", JsonTree.parse("{\"type\":\"object\",\"properties\":{\"field\":{\"type\":\"string\"},"
                    + "\"message\":{\"type\":\"string\"}},\"required\":[\"field\",\"message\"]}"));
        }
        if (!schemas.containsKey("ValidationProblem")) {
            schemas.put("ValidationProblem", JsonTree.parse("{\"description\":\"A problem document; a validation "
                    + "failure adds the invalid fields.\",\"allOf\":[{\"$ref\":\"#/components/schemas/Problem\"},"
                    + "{\"type\":\"object\",\"properties\":{\"errors\":{\"type\":\"array\",\"items\":"
                    + "{\"$ref\":\"#/components/schemas/FieldError\"}}}}]}"));
        }
    }

    private static Map<String, Object> response(String description, String schema) {
        Map<String, Object> response = JsonTree.object();
        response.put("description", description);
        response.put("content", JsonTree.parse("{\"" + MEDIA_TYPE + "\":{\"schema\":{\"$ref\":\"#/components/schemas/"
                + schema + "\"}}}"));
        return response;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> child(Map<String, Object> parent, String key) {
        return (Map<String, Object>) parent.computeIfAbsent(key, k -> JsonTree.object());
    }
}
