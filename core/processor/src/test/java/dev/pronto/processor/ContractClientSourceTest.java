package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** An interface carrying the controller annotations compiles into a {@code $Client}; misuse is a compile error. */
class ContractClientSourceTest {
    private static final String HEADER = """
            package app;

            import dev.pronto.core.annotation.*;
            import java.util.*;
            import java.util.concurrent.CompletionStage;

            """;

    private static String contract(String method) {
        return HEADER + "@Path(\"/users\")\npublic interface UsersApi {\n    " + method + "\n}\n";
    }

    @Test
    void interfaceGetsAClientAndNoRoutes() {
        TestCompiler.Compilation compilation = TestCompiler.compile(contract(
                "@Get(\"/{id}/files/{*path}\") CompletionStage<String> file(@PathParam long id, @PathParam String path, "
                        + "@Query List<String> tag, @Header(\"X-Trace\") Optional<String> trace);"));

        assertThat(compilation.errors()).isEmpty();
        String source = compilation.source("app.UsersApi$Client");
        assertThat(source).contains("public final class UsersApi$Client implements app.UsersApi {",
                "$uri.append(\"/users/\");",
                "ContractClient.segment($uri, id);",
                "$uri.append(\"/files/\");",
                "ContractClient.rest($uri, path);",
                "ContractClient.query($uri, \"tag\", tag);",
                "ContractClient.header($request, \"X-Trace\", trace);",
                "return contract.call($request, null, java.lang.String.class);");
        assertThat(compilation.generated().resolve("app/UsersApi$Routes.java")).doesNotExist();
    }

    @Test
    void plainResultBlocksAndJsonBodyIsEncoded() {
        TestCompiler.Compilation compilation = TestCompiler.compile(contract(
                "@Post(\"/\") @Status(201) int create(@Body Map<String, String> user);"));

        assertThat(compilation.errors()).isEmpty();
        assertThat(compilation.source("app.UsersApi$Client")).contains(
                "io.netty.buffer.ByteBuf $body = contract.body($request, user);",
                "return contract.callBlocking($request, $body, java.lang.Integer.class);");
    }

    @Test
    void cookieParameterIsRejected() {
        assertSingleError(contract("@Get(\"/\") String me(@Cookie String session);"), "session);",
                "parameter 'session' of a contract interface needs one of @PathParam, @Query, @Header or @Body");
    }

    @Test
    void methodWithoutHttpAnnotationIsRejected() {
        assertSingleError(contract("@Get(\"/\") String all();\n    String other();"), "other();",
                "method other of a contract interface needs exactly one HTTP method annotation and no type "
                        + "parameters; make it a default method otherwise");
    }

    @Test
    void genericResultIsDecodedThroughATypeConstant() {
        TestCompiler.Compilation compilation = TestCompiler.compile(contract(
                "@Get(\"/\") CompletionStage<Map<String, List<Integer>>> all();"));

        assertThat(compilation.errors()).isEmpty();
        assertThat(compilation.source("app.UsersApi$Client")).contains(
                "private static final java.lang.reflect.Type RESULT_0 = dev.pronto.client.http.ContractClient.type("
                        + "java.util.Map.class, java.lang.String.class, dev.pronto.client.http.ContractClient.type("
                        + "java.util.List.class, java.lang.Integer.class));",
                "return contract.call($request, null, RESULT_0);");
    }

    @Test
    void wildcardResultIsRejected() {
        assertSingleError(contract("@Get(\"/\") CompletionStage<List<?>> all();"), "all();",
                "unsupported result java.util.List<?> for a contract method; use void, a primitive, String, byte[], "
                        + "a class or array decoded as JSON, or a generic type of those such as List<Item>");
    }

    @Test
    void unboundPathParameterIsRejected() {
        assertSingleError(contract("@Get(\"/{id}\") String byId();"), "@Get(\"/{id}\")",
                "unknown path parameter {id} in /users/{id}; bind it with a @PathParam parameter named 'id'");
    }

    @Test
    void inheritedAbstractMethodIsRejected() {
        String source = HEADER + "interface Base {\n    @Get(\"/\") String all();\n}\n\n"
                + "@Path(\"/users\")\npublic interface UsersApi extends Base {\n    @Get(\"/{id}\") String byId(@PathParam long id);\n}\n";
        TestCompiler.Compilation compilation = TestCompiler.compile(source);

        assertThat(compilation.errors()).contains("contract interface inherits abstract method all from Base; "
                + "declare its calls in UsersApi itself");
    }

    private static void assertSingleError(String source, String highlight, String message) {
        TestCompiler.Compilation compilation = TestCompiler.compile(source);

        assertThat(compilation.errors()).containsExactly(message);
        Diagnostic<? extends JavaFileObject> error = compilation.errorDiagnostics().get(0);
        List<String> lines = source.lines().toList();
        int line = 0;
        while (!lines.get(line).contains(highlight)) {
            line++;
        }
        assertThat(error.getLineNumber()).as("line").isEqualTo(line + 1);
        assertThat(error.getColumnNumber()).as("column").isEqualTo(lines.get(line).indexOf(highlight) + 1);
    }
}
