package dev.pronto.processor;

import com.dslplatform.json.DslJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Reads the OpenAPI document a test compilation wrote, and walks it. */
final class OpenApiDocuments {
    /** A controller guarded by roles: {@code /reports/daily} for managers, {@code /reports/audit} for auditors or admins. */
    static final String REPORTS = """
            package app;

            import dev.pronto.core.annotation.*;

            @Path("/reports")
            @RolesAllowed("manager")
            public final class Reports {
                @Get("/daily")
                String daily() {
                    return "daily";
                }

                @Get("/audit")
                @RolesAllowed({"auditor", "admin"})
                String audit() {
                    return "audit";
                }
            }
            """;

    private OpenApiDocuments() {
    }

    /** The resource's path under the compilation's classes. */
    static Path file(TestCompiler.Compilation compilation) {
        return compilation.classes().resolve("META-INF/pronto/openapi.json");
    }

    /** The document's text. */
    static String text(TestCompiler.Compilation compilation) {
        try {
            return Files.readString(file(compilation), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The document parsed into maps and lists. */
    static Map<String, Object> parse(TestCompiler.Compilation compilation) {
        return parse(text(compilation));
    }

    /** The document {@code json} parsed into maps and lists. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parse(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        try {
            return new DslJson<>().deserialize(Map.class, bytes, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value at {@code keys} (map keys, or list indexes as numbers in strings). */
    static Object at(Object node, String... keys) {
        Object current = node;
        for (String key : keys) {
            current = current instanceof List<?> list ? list.get(Integer.parseInt(key)) : ((Map<?, ?>) current).get(key);
        }
        return current;
    }

    /** The compilation of {@code sources}, which must succeed. */
    static TestCompiler.Compilation compiled(String... sources) {
        TestCompiler.Compilation compilation = TestCompiler.compile(sources);
        if (!compilation.ok()) {
            throw new AssertionError("compilation failed: " + compilation.errors());
        }
        return compilation;
    }
}
