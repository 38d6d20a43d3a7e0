package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The generated source is plain, readable Java: this is exactly what users see in their IDE. */
class GeneratedSourceTest {
    @Test
    void usersRoutesSource() {
        TestCompiler.Compilation compilation = TestCompiler.compile(Fixtures.USERS);

        assertThat(compilation.source("app.Users$Routes")).isEqualTo(Fixtures.USERS_ROUTES);
    }

    @Test
    void nestedControllerGetsFlatGeneratedName() {
        TestCompiler.Compilation compilation = TestCompiler.compile("""
                package app;

                import dev.pronto.core.annotation.Get;

                public final class Outer {
                    static final class Inner {
                        @Get("/inner")
                        String inner() {
                            return "inner";
                        }
                    }
                }
                """);

        assertThat(compilation.errors()).isEmpty();
        assertThat(compilation.source("app.Outer$Inner$Routes"))
                .contains("public Outer$Inner$Routes(Outer.Inner controller) {")
                .doesNotContain("import dev.pronto.core.Handler;");
    }

    @Test
    void overloadedHandlerNamesStayUnique() {
        TestCompiler.Compilation compilation = TestCompiler.compile("""
                package app;

                import dev.pronto.core.annotation.*;

                public final class Pages {
                    @Get("/page") @Head("/page")
                    String page() {
                        return "page";
                    }

                    @Get("/accept")
                    String accept() {
                        return "accept";
                    }
                }
                """);

        assertThat(compilation.source("app.Pages$Routes"))
                .contains("routes.route(dev.pronto.router.Method.GET, \"/page\", RouteOptions.defaults()"
                                + ".doc(RouteDoc.operation(\"Pages.page\")), this::page);",
                        "routes.route(dev.pronto.router.Method.HEAD, \"/page\", RouteOptions.defaults()"
                                + ".doc(RouteDoc.operation(\"Pages.page.head\")), this::page2);",
                        "this::accept2);");
    }

    @Test
    void anyContentTypeBodySkipsTheContentTypeCheck() {
        TestCompiler.Compilation compilation = TestCompiler.compile("""
                package app;

                import dev.pronto.core.annotation.*;

                public final class Notes {
                    public record Note(String text) {
                    }

                    @Post("/strict")
                    String strict(@Body Note note) {
                        return note.text();
                    }

                    @Post("/lenient")
                    String lenient(@Body(anyContentType = true) Note note) {
                        return note.text();
                    }
                }
                """);

        assertThat(compilation.errors()).isEmpty();
        assertThat(compilation.source("app.Notes$Routes"))
                .contains("controller.strict(Params.jsonBody(req, app.Notes.Note.class))",
                        "controller.lenient(req.json(app.Notes.Note.class))");
    }
}
