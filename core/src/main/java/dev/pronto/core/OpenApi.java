package dev.pronto.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import dev.pronto.core.internal.openapi.DocumentAssembly;
import dev.pronto.core.internal.openapi.JsonTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Serves the OpenAPI 3.1 document {@code pronto-processor} wrote at compile time for the module's
 * annotated controllers, as a plugin: {@code GET /openapi.json} and, when asked for, a small HTML
 * page listing its operations (rendered in the browser from the document, no external scripts).
 * Off unless registered:
 *
 * <pre>{@code
 * Server.builder().routes(OpenApi.builder().ui("/openapi").build()) ...
 * }</pre>
 *
 * <p>{@link Builder#build()} reads the named class-path resource {@value #RESOURCE} once (no class-path
 * scanning) and fails with {@code IllegalStateException} when it is missing, unless
 * {@link Builder#blank(String, String)} starts from an empty document. The document served is that
 * one as the server routes it, assembled at the first request: every route registered with a
 * {@link RouteOptions#doc(RouteDoc)} (the generated routes of the controllers carry their operation)
 * at its full path, group prefixes included; operations of controllers never registered are left out.
 * The plugin's own routes are in it too. The document describes problem responses as {@code application/problem+json},
 * which the server writes with {@code errorFormat(ErrorFormat.PROBLEM_JSON)}. Immutable and thread-safe.
 */
public final class OpenApi implements Consumer<Routes> {
    /** The resource the processor writes: one document per compiled module. */
    public static final String RESOURCE = "META-INF/pronto/openapi.json";
    /** Where the document is served unless {@link Builder#path(String)} says otherwise. */
    public static final String DEFAULT_PATH = "/openapi.json";

    private final byte[] document;
    private final String path;
    private final String ui;
    /** The root scope the plugin was registered in; its routes are complete once the server runs. */
    private Routes routes;
    /** The assembled document and its tag, made at the first request (racing requests make equal ones). */
    private volatile Served served;

    private record Served(byte[] body, String etag) {
    }

    private OpenApi(byte[] document, String path, String ui) {
        this.document = document;
        this.path = path;
        this.ui = ui;
    }

    /**
     * A builder serving {@value #RESOURCE} of the calling thread's context class loader (else this class's) at
     * {@value #DEFAULT_PATH}, without the page.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** The path of the JSON document. */
    public String path() {
        return path;
    }

    /** The path of the HTML page, or null when it is off. */
    public String ui() {
        return ui;
    }

    /**
     * Registers the routes on the root scope, so a group prefix does not move them: the document at
     * {@link #path()}, as JSON or, for an {@code Accept} naming {@code application/yaml} and not JSON, as
     * YAML; and at the same path ending {@code .yaml} as YAML. The YAML is the same text: YAML 1.2 reads
     * JSON as its flow style. Every answer carries a strong {@code ETag} (a digest of the document) and
     * {@code Cache-Control: no-cache}, and a matching {@code If-None-Match} (or {@code *}) gets 304.
     */
    @Override
    public void accept(Routes routes) {
        Routes root = routes.root();
        this.routes = root;
        root.get(path, documented("openapi.json", "application/json", "application/yaml"),
                (req, res) -> serve(req, res, prefersYaml(req.header("Accept"))));
        String yaml = path.endsWith(".json") ? path.substring(0, path.length() - 5) + ".yaml" : path + ".yaml";
        root.get(yaml, documented("openapi.yaml", "application/yaml"), (req, res) -> serve(req, res, true));
        if (ui != null) {
            byte[] page = OpenApiPage.html(path).getBytes(StandardCharsets.UTF_8);
            RouteDoc doc = RouteDoc.builder().summary("A page listing the operations of the document").tag("OpenAPI")
                    .operationId("openapi.page").response(200, "The page", "text/html", "{\"type\":\"string\"}").build();
            root.get(ui, RouteOptions.defaults().doc(doc), (req, res) -> res.contentType("text/html; charset=utf-8").send(page));
        }
    }

    /** This plugin's own route in the document: the document, 304 for a matching {@code If-None-Match}. */
    private static RouteOptions documented(String id, String... types) {
        RouteDoc.Builder doc = RouteDoc.builder().summary("This OpenAPI document").tag("OpenAPI").operationId(id)
                .header("If-None-Match", "{\"type\":\"string\"}");
        for (String type : types) {
            // the YAML form is described as text of any shape: a generator without a YAML reader (openapi-python-client
            // told to take it as text) then hands the text over instead of failing to read an object from it
            doc.response(200, "The document", type, type.equals("application/yaml") ? "{}" : "{\"type\":\"object\"}");
        }
        doc.responseHeader(200, "ETag", "{\"type\":\"string\"}")
                .response(304, "Not Modified: If-None-Match matched the document's ETag");
        return RouteOptions.defaults().doc(doc.build());
    }

    /** The document as the server routes it (see the class Javadoc). */
    String document() {
        return new String(served().body(), StandardCharsets.UTF_8);
    }

    private Served served() {
        Served s = served;
        if (s == null) {
            byte[] body = assemble();
            s = new Served(body, etag(body));
            served = s;
        }
        return s;
    }

    private byte[] assemble() {
        List<DocumentAssembly.Registered> documented = new ArrayList<>();
        if (routes != null) {
            routes.documented((entry, doc) -> documented.add(new DocumentAssembly.Registered(
                    entry[0].toString(), (String) entry[1], doc.operationId, doc.operation,
                    doc.schemas, doc.schemes)));
        }
        String text = DocumentAssembly.assemble(
                new String(document, StandardCharsets.UTF_8), documented);
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private void serve(Request req, Response res, boolean yaml) {
        Served doc = served();
        String etag = doc.etag();
        res.header("ETag", etag).header("Cache-Control", "no-cache").header("Vary", "Accept");
        String inm = req.header("If-None-Match");
        if (inm != null && matches(inm, etag)) {
            res.status(304).send();
            return;
        }
        res.contentType(yaml ? "application/yaml" : "application/json").send(doc.body());
    }

    /** Whether {@code accept} names a YAML type and not JSON (a client that takes both gets JSON). */
    private static boolean prefersYaml(String accept) {
        if (accept == null) {
            return false;
        }
        String a = accept.toLowerCase(java.util.Locale.ROOT);
        return (a.contains("application/yaml") || a.contains("application/x-yaml") || a.contains("text/yaml"))
                && !a.contains("json");
    }

    /** {@code If-None-Match} (RFC 9110 §13.1.2): {@code *}, or a list of tags compared weakly. */
    private static boolean matches(String inm, String etag) {
        if (inm.trim().equals("*")) {
            return true;
        }
        for (String tag : inm.split(",")) {
            String t = tag.trim();
            if ((t.startsWith("W/") ? t.substring(2) : t).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    private static String etag(byte[] document) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(document);
            return "\"" + java.util.HexFormat.of().formatHex(digest, 0, 16) + "\"";
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** Settings of {@link OpenApi}; not thread-safe. */
    public static final class Builder {
        // the context loader: the service's own under a dev loop that starts each version in a loader of its own
        private ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader() : OpenApi.class.getClassLoader();
        private String path = DEFAULT_PATH;
        private String ui;
        private byte[] document;

        private Builder() {
        }

        /** Reads {@value #RESOURCE} through {@code value} instead of this class's loader. */
        public Builder classLoader(ClassLoader value) {
            loader = Objects.requireNonNull(value, "classLoader");
            return this;
        }

        /**
         * Starts from an empty document titled {@code title} at {@code version} instead of the resource: for a
         * service whose routes are all described with {@link RouteDoc#builder()}.
         */
        public Builder blank(String title, String version) {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(version, "version");
            String info = JsonTree.write(Map.of("title", title, "version", version));
            return document("{\"openapi\":\"3.1.0\",\"info\":" + info.strip() + ",\"paths\":{}}");
        }

        /** Serves {@code json} (an OpenAPI document) instead of the resource. */
        public Builder document(String json) {
            document = Objects.requireNonNull(json, "document").getBytes(StandardCharsets.UTF_8);
            return this;
        }

        /** Where the JSON document is served (default {@value #DEFAULT_PATH}). */
        public Builder path(String value) {
            path = checkPath("path", value);
            return this;
        }

        /** Serves the HTML page at {@code value}, e.g. {@code /openapi}; off by default. */
        public Builder ui(String value) {
            ui = checkPath("ui", value);
            return this;
        }

        /**
         * Reads the document (once) and returns the plugin.
         *
         * @throws IllegalStateException if no document was given and the resource is missing
         * @throws IllegalArgumentException if the page and the document share a path
         */
        public OpenApi build() {
            if (path.equals(ui)) {
                throw new IllegalArgumentException("ui must differ from path, both are '" + path + "'");
            }
            return new OpenApi(document != null ? document : read(), path, ui);
        }

        private byte[] read() {
            try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is not on the class path: compile the controllers "
                            + "with pronto-processor in annotationProcessorPaths");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE, e);
            }
        }

        private static String checkPath(String field, String value) {
            Objects.requireNonNull(value, field);
            if (!value.matches("/[A-Za-z0-9._~/-]*")) {
                throw new IllegalArgumentException(field + " must be a plain absolute path of letters, digits and "
                        + "._~-/ characters, got '" + value + "'");
            }
            return value;
        }
    }
}
