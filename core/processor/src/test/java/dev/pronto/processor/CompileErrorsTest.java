package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Each rejected controller fails with one exact message on the element to fix. */
class CompileErrorsTest {
    private static final String HEADER = """
            package app;

            import dev.pronto.core.Request;
            import dev.pronto.core.Response;
            import dev.pronto.core.annotation.*;
            import java.util.*;

            """;

    @Test
    void privateMethod() {
        assertSingleError(controller("@Get(\"/{id}\") private String byId(@PathParam long id) { return \"\"; }"),
                "byId(@PathParam",
                "route method must not be private; the generated Users$Routes calls it from the same package");
    }

    @Test
    void pathParameterWithoutMatchingName() {
        assertSingleError(controller("@Get(\"/{id}\") String byId(@PathParam long idd) { return \"\"; }"),
                "idd)", "path parameter 'idd' has no matching {idd} in /users/{id}");
    }

    @Test
    void unknownPathParameterInPattern() {
        assertSingleError(controller("@Get(\"/{id}\") String byId() { return \"\"; }"), "@Get(\"/{id}\")",
                "unknown path parameter {id} in /users/{id}; bind it with a @PathParam parameter named 'id'");
    }

    @Test
    void unsupportedParameterType() {
        assertSingleError(controller("@Get(\"/\") String all(@Query Map<String, String> filter) { return \"\"; }"),
                "filter)",
                "unsupported type java.util.Map<java.lang.String,java.lang.String> for @Query parameter 'filter'; "
                        + "use String, a primitive or its box, UUID or an enum, or Optional<T> or List<T> of those");
    }

    @Test
    void optionalPathParameter() {
        assertSingleError(controller("@Get(\"/{id}\") String byId(@PathParam Optional<Long> id) { return \"\"; }"),
                "id) {", "unsupported type java.util.Optional<java.lang.Long> for @PathParam parameter "
                        + "'id'; use String, a primitive or its box, UUID or an enum");
    }

    @Test
    void rolesAllowedWithoutRoles() {
        assertSingleError(controller("@Get(\"/\") @RolesAllowed({}) String all() { return \"\"; }"),
                "@RolesAllowed({})", "@RolesAllowed needs at least one role");
    }

    @Test
    void rolesAllowedWithABlankRole() {
        assertSingleError(controller("@Get(\"/\") @RolesAllowed(\" \") String all() { return \"\"; }"),
                "@RolesAllowed(\" \")", "@RolesAllowed roles must not be blank");
    }

    @Test
    void unannotatedParameter() {
        assertSingleError(controller("@Get(\"/\") String all(String q) { return q; }"), "q) {",
                "parameter 'q' needs @PathParam, @Query, @Header, @Cookie, @Form, @FilePart or @Body, or type Request or Response");
    }

    @Test
    void twoBodies() {
        assertSingleError(controller("@Post(\"/\") String add(@Body String a,\n        @Body byte[] b) { return a; }"),
                "b) {", "only one @Body parameter is allowed per route");
    }

    @Test
    void genericBody() {
        assertSingleError(controller("@Post(\"/\") String add(@Body List<String> names) { return \"\"; }"),
                "names)", "unsupported type java.util.List<java.lang.String> for @Body parameter 'names'; "
                        + "use String, byte[], ByteBuf, InputStream, or a non-generic class or array decoded as JSON");
    }

    @Test
    void unsupportedReturnType() {
        assertSingleError(controller("@Get(\"/\") Optional<String> first() { return Optional.empty(); }"),
                "first()", "unsupported return type java.util.Optional<java.lang.String>; return "
                        + "void, a CharSequence, byte[], ByteBuf, CompletionStage<T> or a type the JSON codec encodes");
    }

    @Test
    void methodPathWithoutLeadingSlash() {
        assertSingleError(controller("@Get(\"list\") String list() { return \"\"; }"), "@Get(\"list\")",
                "path must start with '/', got 'list'");
    }

    @Test
    void malformedParameterSegment() {
        assertSingleError(controller("@Get(\"/{id\") String byId() { return \"\"; }"), "@Get(\"/{id\")",
                "malformed segment '{id' in /users/{id; a parameter is a whole segment, {name} or {*name}");
    }

    @Test
    void statusOutOfRange() {
        assertSingleError(controller("@Get(\"/\") @Status(42) String list() { return \"\"; }"), "@Status(42)",
                "@Status must be in 100..599, got 42");
    }

    @Test
    void routesOnAnEnum() {
        String source = HEADER + "public enum Users {\n    ONE;\n    @Get(\"/\") String list() { return \"\"; }\n}\n";
        assertSingleError(source, "enum Users", "routes must be declared in a class, not in an enum");
    }

    @Test
    void duplicateRoutesAcrossControllersAreReportedOnBoth() {
        String users = controller("@Get(\"/{id}\") String byId(@PathParam long id) { return \"\"; }");
        String admin = HEADER + "public final class Admin {\n    @Get(\"/users/{key}\")\n    String find(@PathParam String key) {"
                + " return key; }\n}\n";

        TestCompiler.Compilation compilation = TestCompiler.compile(users, admin);

        assertThat(compilation.errors()).containsExactly(
                "duplicate route GET /users/{key}, also declared by Users.byId",
                "duplicate route GET /users/{id}, also declared by Admin.find");
        List<Diagnostic<? extends JavaFileObject>> errors = compilation.errorDiagnostics();
        assertThat(errors.get(0).getSource().getName()).endsWith("app/Admin.java");
        assertThat(errors.get(0).getLineNumber()).isEqualTo(lineOf(admin, "@Get"));
        assertThat(errors.get(1).getSource().getName()).endsWith("app/Users.java");
        assertThat(errors.get(1).getLineNumber()).isEqualTo(lineOf(users, "@Get"));
    }

    @Test
    void controllerWithErrorsGetsNoGeneratedClass() {
        TestCompiler.Compilation compilation = TestCompiler.compile(controller("@Get(\"/\") String all(String q) { return q; }"));

        assertThat(compilation.ok()).isFalse();
        assertThat(compilation.generated().resolve("app/Users$Routes.java")).doesNotExist();
    }

    private static String controller(String method) {
        return HEADER + "@Path(\"/users\")\npublic final class Users {\n    " + method + "\n}\n";
    }

    /** Asserts the only error is {@code message}, highlighted where {@code highlight} first appears. */
    private static void assertSingleError(String source, String highlight, String message) {
        TestCompiler.Compilation compilation = TestCompiler.compile(source);

        assertThat(compilation.errors()).containsExactly(message);
        Diagnostic<? extends JavaFileObject> error = compilation.errorDiagnostics().get(0);
        long line = lineOf(source, highlight);
        assertThat(error.getLineNumber()).as("line").isEqualTo(line);
        String text = source.lines().toList().get((int) line - 1);
        assertThat(error.getColumnNumber()).as("column").isEqualTo(text.indexOf(highlight) + 1);
    }

    private static long lineOf(String source, String marker) {
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line contains " + marker);
    }
}
