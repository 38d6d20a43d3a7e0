package dev.pronto.processor;

import static dev.pronto.processor.OpenApiDocuments.REPORTS;
import static dev.pronto.processor.OpenApiDocuments.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.OpenApi;
import dev.pronto.core.RouteDoc;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import java.util.List;
import java.util.Map;
import dev.pronto.processor.GeneratedRoutesTest.Generated;
import org.junit.jupiter.api.Test;

/** The served {@code /openapi.json}: the processor's operations where the server routes them, and described lambda routes. */
class OpenApiServedTest {
    private static final String OTHER = """
            package app;

            import dev.pronto.core.annotation.*;

            @Path("/other")
            public final class Other {
                @Get
                String other() {
                    return "other";
                }
            }
            """;

    @Test
    void aControllerInsideAGroupIsDocumentedUnderItsPrefix() throws Exception {
        ClassLoader loader = OpenApiDocuments.compiled(REPORTS).loader();
        var reports = Generated.routes(loader, "app.Reports");
        Server.Builder server = Server.builder()
                .routes(r -> r.group("/api", g -> g.register(reports)))
                .routes(OpenApi.builder().classLoader(loader).build());
        try (TestClient c = TestClient.start(server)) {
            Map<String, Object> doc = served(c);

            assertThat(c.get("/api/reports/daily").status()).isEqualTo(401);
            assertThat(map(at(doc, "paths"))).containsKey("/api/reports/daily").doesNotContainKey("/reports/daily");
            assertThat(at(doc, "paths", "/api/reports/daily", "get", "operationId")).isEqualTo("Reports.daily");
            assertThat(at(doc, "paths", "/api/reports/daily", "get", "security"))
                    .isEqualTo(List.of(Map.of("bearerAuth", List.of("manager"))));
            assertThat(map(at(doc, "components", "securitySchemes"))).containsKey("bearerAuth");
        }
    }

    @Test
    void aControllerNeverRegisteredIsLeftOut() throws Exception {
        ClassLoader loader = OpenApiDocuments.compiled(REPORTS, OTHER).loader();
        Server.Builder server = Server.builder()
                .routes(Generated.routes(loader, "app.Other"))
                .routes(OpenApi.builder().classLoader(loader).build());
        try (TestClient c = TestClient.start(server)) {
            assertThat(map(at(served(c), "paths"))).containsKey("/other").doesNotContainKey("/reports/daily");
        }
    }

    @Test
    void aDescribedLambdaRouteIsDocumentedWithTheServersStatuses() throws Exception {
        ClassLoader loader = OpenApiDocuments.compiled(OTHER).loader();
        RouteDoc doc = RouteDoc.builder().summary("Echoes").tag("Echo")
                .body("text/plain", "{\"type\":\"string\"}")
                .response(200, "The body", "text/plain", "{\"type\":\"string\"}").build();
        Server.Builder server = Server.builder()
                .routes(r -> r.group("/v1", g -> g.post("/echo/{n}", RouteOptions.defaults().doc(doc),
                        (req, res) -> res.send(req.bodyString()))))
                .routes(Generated.routes(loader, "app.Other"))
                .routes(OpenApi.builder().classLoader(loader).build());
        try (TestClient c = TestClient.start(server)) {
            Map<String, Object> op = map(at(served(c), "paths", "/v1/echo/{n}", "post"));

            assertThat(op.get("operationId")).isEqualTo("postV1EchoN");
            assertThat(at(op, "parameters", "0")).isEqualTo(Map.of("name", "n", "in", "path", "required", true,
                    "schema", Map.of("type", "string")));
            assertThat(map(op.get("responses"))).containsKeys("200", "400", "408", "413", "415", "414", "429", "431",
                    "500", "503", "504");
        }
    }

    private static Map<String, Object> served(TestClient c) {
        return OpenApiDocuments.parse(c.get("/openapi.json").text());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object node) {
        return (Map<String, Object>) node;
    }
}
