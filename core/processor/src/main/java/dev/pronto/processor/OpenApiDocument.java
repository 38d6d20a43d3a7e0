package dev.pronto.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;

/**
 * The module's OpenAPI 3.1 document, merged from every controller compiled with it. Each round adds
 * its controllers as JSON trees (no compiler element outlives its round); {@link #write} assembles
 * them once processing is over.
 */
final class OpenApiDocument {
    /** The class-path resource the document is written to, and {@code OpenApi} in core reads. */
    static final String RESOURCE = "META-INF/pronto/openapi.json";
    static final String TITLE_OPTION = "pronto.openapi.title";
    static final String VERSION_OPTION = "pronto.openapi.version";

    private final Map<String, Object> paths = JsonText.object();
    private final Map<String, Object> schemas = JsonText.object();
    private final Map<String, Object> tags = JsonText.object();
    private final Map<Map<String, Object>, List<String>> secured = new java.util.IdentityHashMap<>();

    /** Adds the routes of {@code controller}. */
    void add(Controller controller, ProcessingEnvironment env) {
        if (controller.routes().isEmpty()) {
            return;
        }
        Schemas reader = new Schemas(env.getTypeUtils(), env.getElementUtils(), schemas);
        String tag = Schemas.componentName(controller.type());
        Map<String, Object> tagObject = JsonText.object();
        tagObject.put("name", tag);
        Javadoc.describe(env.getElementUtils().getDocComment(controller.type()), tagObject);
        tags.put(tag, tagObject);
        List<String> ids = operationIds(controller);
        for (int i = 0; i < ids.size(); i++) {
            Route route = controller.routes().get(i);
            String id = ids.get(i);
            @SuppressWarnings("unchecked")
            Map<String, Object> item = (Map<String, Object>) paths.computeIfAbsent(openApiPath(route.path()),
                    p -> JsonText.object());
            Map<String, Object> operation = new Operation(route, reader, env.getElementUtils()).build(tag, id);
            item.put(route.verb().toLowerCase(java.util.Locale.ROOT), operation);
            if (!route.options().roles().isEmpty()) {
                secured.put(operation, route.options().roles());   // the schemes are known when written
            }
        }
    }

    /**
     * The operation ids of {@code controller}'s routes, in order: {@code Controller.method}, and
     * {@code Controller.method.verb} for a name taken before. The generated routes register with them
     * ({@code RouteDoc.operation}), so the served document finds each operation where the server routes it.
     */
    static List<String> operationIds(Controller controller) {
        String tag = Schemas.componentName(controller.type());
        Set<String> taken = new HashSet<>();
        List<String> ids = new ArrayList<>();
        for (Route route : controller.routes()) {
            String id = tag + "." + route.method().getSimpleName();
            if (!taken.add(id)) {
                id = id + "." + route.verb().toLowerCase(java.util.Locale.ROOT);
                taken.add(id);
            }
            ids.add(id);
        }
        return ids;
    }

    /** Whether no route was added. */
    boolean isEmpty() {
        return paths.isEmpty();
    }

    /**
     * The document as JSON text, with {@code info} and the security schemes from the processor options.
     *
     * @throws IllegalArgumentException for an invalid option value
     */
    String write(Map<String, String> options) {
        Map<String, Object> info = JsonText.object();
        info.put("title", options.getOrDefault(TITLE_OPTION, "API"));
        info.put("version", options.getOrDefault(VERSION_OPTION, "0.0.0"));
        Map<String, Object> components = JsonText.object();
        Map<String, Object> allSchemas = JsonText.object();
        allSchemas.putAll(schemas);
        ProblemResponses.addComponents(components, allSchemas);
        components.put("schemas", allSchemas);
        if (!secured.isEmpty()) {
            List<String> schemes = SecurityDocs.schemes(options);
            secured.forEach((operation, roles) -> SecurityDocs.secure(operation, roles, schemes));
            SecurityDocs.addComponents(components, schemes);
        }
        Map<String, Object> document = JsonText.object();
        document.put("openapi", "3.1.0");
        document.put("info", info);
        document.put("paths", paths);
        document.put("components", components);
        document.put("tags", new ArrayList<>(tags.values()));
        return JsonText.write(document);
    }

    /** {@code /files/{path}} for the router's catch-all {@code /files/{*path}}. */
    private static String openApiPath(PathTemplate path) {
        return path.pattern().replace("{*", "{");
    }

    /** The processor options it reads. */
    static List<String> options() {
        return List.of(TITLE_OPTION, VERSION_OPTION, SecurityDocs.OPTION);
    }
}
