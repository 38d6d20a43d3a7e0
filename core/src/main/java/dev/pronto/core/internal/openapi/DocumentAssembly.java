package dev.pronto.core.internal.openapi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Assembles the document the server serves: the processor's operations moved to the paths the
 * server registered them at (a controller inside {@code group("/api")} is documented under
 * {@code /api}; one never registered is left out), and the operations of described lambda routes,
 * with the statuses the server itself may send added. Why at run time: group prefixes and lambda
 * routes exist only once the routes are configured.
 */
public final class DocumentAssembly {
    private static final Pattern PARAM = Pattern.compile("\\{\\*?([^}]+)}");

    /**
     * One documented registration.
     *
     * @param method the HTTP method, e.g. {@code GET}
     * @param path the full path as registered, group prefixes included
     * @param operationId the processor's operation id, or null for a described route
     * @param operation the described operation (not modified), or null
     * @param schemas component schemas the described route adds
     * @param schemes security schemes the described route requires
     */
    public record Registered(String method, String path, String operationId, Map<String, Object> operation,
                             Map<String, Object> schemas, Map<String, Object> schemes) {
    }

    private DocumentAssembly() {
    }

    /**
     * The document text: {@code base} (an OpenAPI document's text) with its paths replaced by the registered ones.
     *
     * @throws IllegalArgumentException if {@code base} is not a JSON object
     */
    public static String assemble(String base, List<Registered> routes) {
        if (!(JsonTree.parse(base) instanceof Map<?, ?> parsed)) {
            throw new IllegalArgumentException("an OpenAPI document must be a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> document = (Map<String, Object>) parsed;
        Map<String, Map<String, Object>> byId = processorOperations(document);
        Map<String, Object> paths = JsonTree.object();
        Set<String> ids = new HashSet<>();
        Map<String, Object> schemas = ProblemComponents.child(ProblemComponents.child(document, "components"), "schemas");
        for (Registered route : routes) {
            Map<String, Object> operation = route.operationId() != null
                    ? copy(byId.get(route.operationId())) : described(route);
            if (operation == null) {
                continue;   // an id the document does not hold: a document given by hand
            }
            String id = unique((String) operation.get("operationId"), ids);
            operation.put("operationId", id);
            route.schemas().forEach(schemas::putIfAbsent);
            if (!route.schemes().isEmpty()) {
                Map<String, Object> defined = ProblemComponents.child(ProblemComponents.child(document, "components"),
                        "securitySchemes");
                route.schemes().forEach(defined::putIfAbsent);
            }
            ProblemComponents.child(paths, openApiPath(route.path())).put(route.method().toLowerCase(Locale.ROOT), operation);
        }
        document.put("paths", paths);
        ProblemComponents.addMissing(document);
        return JsonTree.write(document);
    }

    /** The processor's operations by id. */
    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> processorOperations(Map<String, Object> document) {
        Map<String, Map<String, Object>> byId = new HashMap<>();
        Object paths = document.get("paths");
        if (paths instanceof Map<?, ?> items) {
            for (Object item : items.values()) {
                for (Object operation : ((Map<String, Object>) item).values()) {
                    if (operation instanceof Map<?, ?> op && op.get("operationId") instanceof String id) {
                        byId.put(id, (Map<String, Object>) op);
                    }
                }
            }
        }
        return byId;
    }

    /** A described route's operation, with its id, its undeclared path parameters and the server's statuses. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> described(Registered route) {
        Map<String, Object> operation = copy(route.operation());
        operation.putIfAbsent("operationId", derivedId(route.method(), route.path()));
        List<Object> parameters = (List<Object>) operation.computeIfAbsent("parameters", k -> new ArrayList<>());
        Set<String> declared = new HashSet<>();
        for (Object p : parameters) {
            Map<String, Object> parameter = (Map<String, Object>) p;
            if ("path".equals(parameter.get("in"))) {
                declared.add((String) parameter.get("name"));
            }
        }
        Matcher m = PARAM.matcher(route.path());
        while (m.find()) {
            if (declared.add(m.group(1))) {
                parameters.add(JsonTree.parse("{\"name\":\"" + m.group(1) + "\",\"in\":\"path\",\"required\":true,"
                        + "\"schema\":{\"type\":\"string\"}}"));
            }
        }
        if (parameters.isEmpty()) {
            operation.remove("parameters");
        }
        Map<String, Object> responses = (Map<String, Object>) operation.get("responses");
        boolean body = operation.containsKey("requestBody");
        if (body || !parameters.isEmpty()) {
            responses.putIfAbsent("400", ProblemComponents.badRequest());
        }
        if (body) {
            ProblemComponents.BODY_STATUSES.forEach((status, name) -> responses.putIfAbsent(status, ProblemComponents.ref(name)));
        }
        ProblemComponents.SERVER_STATUSES.forEach((status, name) -> responses.putIfAbsent(status, ProblemComponents.ref(name)));
        return operation;
    }

    /** {@code getItemsById} for {@code GET /items/{id}}. */
    private static String derivedId(String method, String path) {
        StringBuilder id = new StringBuilder(method.toLowerCase(Locale.ROOT));
        for (String part : path.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                id.append(Character.toUpperCase(part.charAt(0))).append(part, 1, part.length());
            }
        }
        return id.toString();
    }

    private static String unique(String id, Set<String> taken) {
        String candidate = id;
        for (int n = 2; !taken.add(candidate); n++) {
            candidate = id + "." + n;
        }
        return candidate;
    }

    /** {@code /files/{path}} for the router's catch-all {@code /files/{*path}}. */
    private static String openApiPath(String path) {
        return path.replace("{*", "{");
    }

    /** A deep copy, so one registered twice (under two prefixes) gets two operations. */
    @SuppressWarnings("unchecked")
    private static <T> T copy(T tree) {
        if (tree instanceof Map<?, ?> map) {
            Map<String, Object> out = JsonTree.object();
            map.forEach((k, v) -> out.put((String) k, copy(v)));
            return (T) out;
        }
        if (tree instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(copy(v)));
            return (T) out;
        }
        return tree;
    }
}
