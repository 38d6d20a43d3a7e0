package dev.pronto.core;

import dev.pronto.core.internal.openapi.JsonTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a route appears in the OpenAPI document {@link OpenApi} serves, given with
 * {@link RouteOptions#doc(RouteDoc)}. A route without one is not documented. Controllers compiled with
 * {@code pronto-processor} get theirs generated ({@link #operation(String)}); a lambda route describes
 * itself with {@link #builder()}:
 *
 * <pre>{@code
 * r.get("/items/{id}", RouteOptions.defaults().doc(RouteDoc.builder()
 *         .summary("One item").tag("Items")
 *         .pathParam("id", "{\"type\":\"integer\",\"format\":\"int64\",\"minimum\":1}")
 *         .response(200, "The item", "application/json", "{\"$ref\":\"#/components/schemas/Item\"}")
 *         .response(404, "No item has this id")
 *         .build()), handler);
 * }</pre>
 *
 * <p>The route is documented at the path the server routes, its group prefixes included. Schemas are
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) given as JSON text, checked when built. The statuses
 * the server itself may send on any route (414, 429, 431, 500, 503, 504; and 408, 413, 415 for a
 * route with a body; a 400 for one with parameters or a body, unless given) are added as
 * {@code application/problem+json}. Immutable and thread-safe.
 */
public final class RouteDoc {
    /** The processor's operation id, or null for a described route. */
    final String operationId;
    /** The described operation (a JSON tree), or null for a processor's. */
    final Map<String, Object> operation;
    /** Component schemas this route adds, by name. */
    final Map<String, Object> schemas;
    /** Security schemes this route requires, by name. */
    final Map<String, Object> schemes;

    private RouteDoc(String operationId, Map<String, Object> operation, Map<String, Object> schemas,
                     Map<String, Object> schemes) {
        this.operationId = operationId;
        this.operation = operation;
        this.schemas = schemas;
        this.schemes = schemes;
    }

    /**
     * The operation {@code pronto-processor} wrote into the module's document for a controller method
     * ({@code Controller.method}); the generated routes register with it, so a controller inside a
     * group is documented under the group's prefix, and one that is never registered is left out.
     */
    public static RouteDoc operation(String operationId) {
        return new RouteDoc(Objects.requireNonNull(operationId, "operationId"), null, Map.of(), Map.of());
    }

    /** A builder describing a route by hand. */
    public static Builder builder() {
        return new Builder();
    }

    /** The operation id: the processor's, the builder's, or null when the server derives one from the route. */
    public String operationId() {
        return operationId != null ? operationId : (String) operation.get("operationId");
    }

    /** Describes one route; not thread-safe. */
    public static final class Builder {
        private final Map<String, Object> operation = JsonTree.object();
        private final List<Object> parameters = new ArrayList<>();
        private final Map<String, Object> responses = JsonTree.object();
        private final Map<String, Object> schemas = JsonTree.object();
        private final Map<String, Object> schemes = JsonTree.object();

        private Builder() {
        }

        /** The one-line summary. */
        public Builder summary(String text) {
            operation.put("summary", Objects.requireNonNull(text, "summary"));
            return this;
        }

        /** The longer description (CommonMark). */
        public Builder description(String text) {
            operation.put("description", Objects.requireNonNull(text, "description"));
            return this;
        }

        /** Adds a tag grouping the operation. */
        public Builder tag(String name) {
            list("tags").add(Objects.requireNonNull(name, "tag"));
            return this;
        }

        /** The operation id (unique in the document); derived from the method and path when not given. */
        public Builder operationId(String id) {
            operation.put("operationId", Objects.requireNonNull(id, "operationId"));
            return this;
        }

        /** Documents path parameter {@code name} (always required) with {@code schema}. */
        public Builder pathParam(String name, String schema) {
            return parameter(name, "path", schema, true);
        }

        /** Documents an optional query parameter. */
        public Builder query(String name, String schema) {
            return parameter(name, "query", schema, false);
        }

        /** Documents a required query parameter: without it the route answers 400. */
        public Builder requiredQuery(String name, String schema) {
            return parameter(name, "query", schema, true);
        }

        /** Documents a required request header: without it (or with another value) the route refuses the request. */
        public Builder requiredHeader(String name, String schema) {
            return parameter(name, "header", schema, true);
        }

        /** Documents an optional request header. */
        public Builder header(String name, String schema) {
            return parameter(name, "header", schema, false);
        }

        /** Documents the request body (required) as {@code mediaType} with {@code schema}; call again for another type. */
        public Builder body(String mediaType, String schema) {
            return body(mediaType, schema, Boolean.TRUE);
        }

        /** Documents a request body the route may go without (an empty one reads as a default). */
        public Builder optionalBody(String mediaType, String schema) {
            return body(mediaType, schema, Boolean.FALSE);
        }

        private Builder body(String mediaType, String schema, Boolean required) {
            @SuppressWarnings("unchecked")
            Map<String, Object> body = (Map<String, Object>) operation.computeIfAbsent("requestBody", k -> JsonTree.object());
            body.put("required", required);
            @SuppressWarnings("unchecked")
            Map<String, Object> content = (Map<String, Object>) body.computeIfAbsent("content", k -> JsonTree.object());
            content.put(Objects.requireNonNull(mediaType, "mediaType"), Map.of("schema", schema(schema)));
            return this;
        }

        /** Documents a response without a body (or one whose body is not described), e.g. 204 or 404. */
        public Builder response(int status, String description) {
            Map<String, Object> response = JsonTree.object();
            response.put("description", Objects.requireNonNull(description, "description"));
            responses.put(status(status), response);
            return this;
        }

        /** Documents a response of {@code status} whose body is {@code mediaType}; call again for another type. */
        public Builder response(int status, String description, String mediaType, String schema) {
            @SuppressWarnings("unchecked")
            Map<String, Object> response = (Map<String, Object>) responses.computeIfAbsent(status(status), k -> JsonTree.object());
            response.put("description", Objects.requireNonNull(description, "description"));
            @SuppressWarnings("unchecked")
            Map<String, Object> content = (Map<String, Object>) response.computeIfAbsent("content", k -> JsonTree.object());
            content.put(Objects.requireNonNull(mediaType, "mediaType"), Map.of("schema", schema(schema)));
            return this;
        }

        /** Documents response header {@code name} of the response {@code status} (declare the response first). */
        public Builder responseHeader(int status, String name, String schema) {
            @SuppressWarnings("unchecked")
            Map<String, Object> response = (Map<String, Object>) responses.get(status(status));
            if (response == null) {
                throw new IllegalStateException("responseHeader before response(" + status + ", ...)");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> headers = (Map<String, Object>) response.computeIfAbsent("headers", k -> JsonTree.object());
            headers.put(Objects.requireNonNull(name, "name"), Map.of("schema", schema(schema)));
            return this;
        }

        /**
         * Requires the security scheme {@code name}, defined by {@code definition} (an OpenAPI security scheme
         * object as JSON, e.g. {@code {"type":"http","scheme":"bearer","bearerFormat":"JWT"}}), with any of
         * {@code roles}; call again for an alternative scheme. Adds the 401 and 403 problem responses unless given.
         */
        public Builder security(String name, String definition, List<String> roles) {
            Objects.requireNonNull(name, "name");
            schemes.put(name, schema(definition));
            list("security").add(Map.of(name, List.copyOf(roles)));
            String problem = "{\"$ref\":\"#/components/schemas/Problem\"}";
            if (!responses.containsKey("401")) {
                response(401, "Unauthorized: no credentials, or credentials that fail a check", "application/problem+json",
                        problem);
            }
            if (!responses.containsKey("403")) {
                response(403, "Forbidden: the caller holds none of the roles this operation requires",
                        "application/problem+json", problem);
            }
            return this;
        }

        /** Adds {@code schema} to the document's {@code components.schemas} as {@code name}, for {@code $ref}s. */
        public Builder component(String name, String schema) {
            schemas.put(Objects.requireNonNull(name, "name"), schema(schema));
            return this;
        }

        /**
         * The description.
         *
         * @throws IllegalStateException when no response was documented
         */
        public RouteDoc build() {
            if (responses.isEmpty()) {
                throw new IllegalStateException("a RouteDoc needs at least one response");
            }
            Map<String, Object> op = JsonTree.object();
            op.putAll(operation);
            if (!parameters.isEmpty()) {
                op.put("parameters", List.copyOf(parameters));
            }
            op.put("responses", JsonTree.object());
            @SuppressWarnings("unchecked")
            Map<String, Object> rs = (Map<String, Object>) op.get("responses");
            rs.putAll(responses);
            Map<String, Object> own = JsonTree.object();
            own.putAll(schemas);
            Map<String, Object> required = JsonTree.object();
            required.putAll(schemes);
            return new RouteDoc(null, op, own, required);
        }

        private Builder parameter(String name, String in, String schema, boolean required) {
            Map<String, Object> parameter = JsonTree.object();
            parameter.put("name", Objects.requireNonNull(name, "name"));
            parameter.put("in", in);
            parameter.put("required", required);
            parameter.put("schema", schema(schema));
            parameters.add(parameter);
            return this;
        }

        @SuppressWarnings("unchecked")
        private List<Object> list(String key) {
            return (List<Object>) operation.computeIfAbsent(key, k -> new ArrayList<>());
        }

        private static String status(int status) {
            if (status < 100 || status > 599) {
                throw new IllegalArgumentException("status must be in 100..599, got " + status);
            }
            return Integer.toString(status);
        }

        private static Object schema(String json) {
            Object tree = JsonTree.parse(Objects.requireNonNull(json, "schema"));
            if (!(tree instanceof Map) && !(tree instanceof Boolean)) {
                throw new IllegalArgumentException("a schema must be a JSON object or boolean, got " + json);
            }
            return tree;
        }
    }
}
