package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Authenticated;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @RolesAllowed} on a controller class and on a method, checked by the generated code through
 * core's {@code RoleCheck}; a stand-in hook authenticates from an {@code X-Roles} header.
 */
class GeneratedRolesTest {
    private static final String ADMIN = """
            package app;

            import dev.pronto.core.annotation.*;

            @Path("/admin")
            @RolesAllowed("admin")
            public final class Admin {
                @Get("/users")
                String users() {
                    return "users";
                }

                @Get("/report")
                @RolesAllowed({"auditor", "ops"})
                String report() {
                    return "report";
                }
            }
            """;

    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(ADMIN);
        assertThat(compilation.errors()).isEmpty();
        var routes = GeneratedRoutesTest.Generated.routes(compilation.loader(), "app.Admin");
        client = TestClient.start(Server.builder().routes(r -> r
                .preHandler((req, res) -> {
                    String roles = req.header("X-Roles");
                    if (roles != null) {
                        req.attribute(Authenticated.ATTRIBUTE, new Caller(Set.of(roles.split(","))));
                    }
                })
                .register(routes)));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void classRoleAdmitsItsHolder() {
        TestResponse res = client.request("GET", "/admin/users", Map.of("X-Roles", "admin"), null);

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("users");
    }

    @Test
    void callerWithoutTheRoleIs403ProblemJson() {
        TestResponse res = client.request("GET", "/admin/users", Map.of("X-Roles", "ops"), null);

        assertThat(res.status()).isEqualTo(403);
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
        assertThat(res.text()).contains("\"status\":403");
    }

    @Test
    void unauthenticatedRequestIs401() {
        TestResponse res = client.get("/admin/users");

        assertThat(res.status()).isEqualTo(401);
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void methodAnnotationReplacesTheClassOne() {
        assertThat(client.request("GET", "/admin/report", Map.of("X-Roles", "ops"), null).status()).isEqualTo(200);
        assertThat(client.request("GET", "/admin/report", Map.of("X-Roles", "admin"), null).status()).isEqualTo(403);
    }

    @Test
    void generatedSourceHoldsOneCheckPerRoute() {
        String source = TestCompiler.compile(ADMIN).source("app.Admin$Routes");

        assertThat(source).contains("RoleCheck.anyOf(\"admin\")").contains("RoleCheck.anyOf(\"auditor\", \"ops\")");
    }

    private record Caller(Set<String> roles) implements Authenticated {
        @Override
        public String name() {
            return "test";
        }

        @Override
        public boolean hasRole(String role) {
            return roles.contains(role);
        }
    }
}
