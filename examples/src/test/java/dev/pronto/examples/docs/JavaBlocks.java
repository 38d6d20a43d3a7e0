package dev.pronto.examples.docs;

import dev.pronto.examples.docs.MarkdownBlocks.Block;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a ```java block into a compilation unit, by the convention of {@link DocsCodeBlocksTest}.
 * Everything added goes in front of the block's first line, so a compiler's line numbers are the block's.
 */
final class JavaBlocks {
    /** Where a block is what it says it is. */
    enum Kind { UNIT, TYPES, STATEMENTS }

    static final List<String> IMPORTS = List.of("dev.pronto.core.*", "dev.pronto.core.config.*", "dev.pronto.json.*",
            "dev.pronto.client.http.*", "dev.pronto.client.pg.*", "dev.pronto.proxy.*", "dev.pronto.grpc.*",
            "dev.pronto.grpc.services.*", "dev.pronto.micrometer.*", "dev.pronto.otel.*", "java.time.*", "java.util.*",
            "java.util.concurrent.*", "com.dslplatform.json.CompiledJson", "com.dslplatform.json.JsonAttribute",
            "io.micrometer.prometheusmetrics.PrometheusConfig", "io.micrometer.prometheusmetrics.PrometheusMeterRegistry",
            "io.grpc.health.v1.HealthCheckResponse.ServingStatus");
    /** Type blocks declare controllers: the annotations (one of them is {@code @Path}, hence not java.nio.file). */
    static final List<String> TYPE_IMPORTS = List.of("dev.pronto.core.annotation.*", "jakarta.validation.constraints.*");
    static final List<String> STATEMENT_IMPORTS = List.of("java.nio.file.*");
    /** The variables a statement block may use without declaring them (fields, so lambdas may reuse the names). */
    static final String VARIABLES = "Routes r; Request req; Response res; Server server; HttpClient client; "
            + "Path crt, key, ca; TlsConfig tls; io.grpc.BindableService greeter, reports, cart; "
            + "io.grpc.ServerInterceptor authInterceptor; Postgres postgres; PrometheusMeterRegistry registry; ";
    static final String LEFT_OUT = "{ throw new UnsupportedOperationException(); }";

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "(?m)^public\\s+(?:final\\s+|abstract\\s+|sealed\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");
    private static final Pattern TYPE_START = Pattern.compile(
            "^(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|final|abstract|sealed|static)\\s+)*(?:class|interface|record|enum)\\s.*");
    private static final Pattern ANNOTATIONS_ONLY = Pattern.compile("^(?:@\\w+(?:\\([^)]*\\))?\\s*)+$");

    /** A compilation unit: its package, its file's simple name and its source. */
    record Unit(Block block, String pkg, String name, String source) {
    }

    private JavaBlocks() {
    }

    /** Which of the three kinds {@code text} is, judged by its first line of code. */
    static Kind kind(String text) {
        for (String line : text.split("\n")) {
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("//") || s.startsWith("/*") || s.startsWith("*") || ANNOTATIONS_ONLY.matcher(s).matches()) {
                continue;
            }
            if (s.startsWith("package ") || s.startsWith("import ")) {
                return Kind.UNIT;
            }
            return TYPE_START.matcher(s).matches() ? Kind.TYPES : Kind.STATEMENTS;
        }
        return Kind.STATEMENTS;
    }

    /** The block as a compilation unit in package {@code docs.b<index>} unless it names its own. */
    static Unit unit(Block block, int index) {
        String text = block.text().replace("{ ... }", LEFT_OUT);
        Kind kind = kind(text);
        Matcher named = PACKAGE.matcher(text);
        String pkg = named.find() ? named.group(1) : "docs.b" + index;
        String prefix = named.find(0) ? "" : "package " + pkg + "; ";
        Matcher pub = PUBLIC_TYPE.matcher(text);
        String name = pub.find() ? pub.group(1) : "Block";
        String source = switch (kind) {
            case UNIT -> prefix + text;
            case TYPES -> prefix + imports(TYPE_IMPORTS) + text;
            case STATEMENTS -> prefix + imports(STATEMENT_IMPORTS) + "final class Block { " + VARIABLES
                    + "void run() throws Exception { " + text + "\n}}\n";
        };
        return new Unit(block, pkg, name, source);
    }

    private static String imports(List<String> extra) {
        StringBuilder out = new StringBuilder();
        IMPORTS.forEach(i -> out.append("import ").append(i).append("; "));
        extra.forEach(i -> out.append("import ").append(i).append("; "));
        return out.toString();
    }
}
