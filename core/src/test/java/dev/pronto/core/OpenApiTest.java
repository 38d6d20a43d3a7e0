package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenApiTest {
    private static final String DOC = "{\"openapi\":\"3.1.0\",\"info\":{\"title\":\"T\",\"version\":\"1\"},\"paths\":{}}";

    @Test
    void servesTheDocumentAsJson() {
        try (TestClient c = TestClient.start(Server.builder().routes(OpenApi.builder().document(DOC).build()))) {
            TestResponse r = c.get("/openapi.json");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("content-type")).isEqualTo("application/json");
            assertThat(r.text()).contains("\"title\": \"T\"", "\"/openapi.json\": {", "\"/openapi.yaml\": {",
                    "\"operationId\": \"openapi.json\"");
        }
    }

    @Test
    void theDocumentCarriesAnETagAndA304AnswersAMatch() {
        try (TestClient c = TestClient.start(Server.builder().routes(OpenApi.builder().document(DOC).build()))) {
            TestResponse first = c.get("/openapi.json");
            String etag = first.header("etag");

            assertThat(etag).matches("\"[0-9a-f]{32}\"");
            assertThat(first.header("cache-control")).isEqualTo("no-cache");
            assertThat(c.request("GET", "/openapi.json", java.util.Map.of("If-None-Match", etag), null).status())
                    .isEqualTo(304);
            assertThat(c.request("GET", "/openapi.json", java.util.Map.of("If-None-Match", "*"), null).status())
                    .isEqualTo(304);
            assertThat(c.request("GET", "/openapi.json", java.util.Map.of("If-None-Match", "\"other\""), null).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void yamlIsServedBesideItAndByAccept() {
        try (TestClient c = TestClient.start(Server.builder().routes(OpenApi.builder().document(DOC).build()))) {
            TestResponse file = c.get("/openapi.yaml");
            TestResponse negotiated = c.request("GET", "/openapi.json", java.util.Map.of("Accept", "application/yaml"), null);

            assertThat(file.header("content-type")).isEqualTo("application/yaml");
            assertThat(file.text()).isEqualTo(c.get("/openapi.json").text());
            assertThat(negotiated.header("content-type")).isEqualTo("application/yaml");
        }
    }

    @Test
    void pageIsOffByDefault() {
        try (TestClient c = TestClient.start(Server.builder().routes(OpenApi.builder().document(DOC).build()))) {
            assertThat(c.get("/openapi").status()).isEqualTo(404);
        }
    }

    @Test
    void pageLoadsTheDocumentFromItsPath() {
        OpenApi openApi = OpenApi.builder().document(DOC).path("/api/spec.json").ui("/api/docs").build();
        try (TestClient c = TestClient.start(Server.builder().routes(openApi))) {
            TestResponse page = c.get("/api/docs");
            assertThat(page.header("content-type")).isEqualTo("text/html; charset=utf-8");
            assertThat(page.text()).contains("fetch(\"/api/spec.json\")").doesNotContain("<script src");
            assertThat(c.get("/api/spec.json").text()).contains("\"/api/spec.json\": {", "\"/api/docs\": {");
        }
    }

    @Test
    void readsTheProcessorResourceOnce(@TempDir Path dir) throws Exception {
        Path resource = dir.resolve(OpenApi.RESOURCE);
        Files.createDirectories(resource.getParent());
        Files.writeString(resource, DOC, StandardCharsets.UTF_8);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            OpenApi openApi = OpenApi.builder().classLoader(loader).build();
            Files.delete(resource);
            try (TestClient c = TestClient.start(Server.builder().routes(openApi))) {
                assertThat(c.get("/openapi.json").text()).contains("\"title\": \"T\"");
            }
        }
    }

    @Test
    void missingResourceFailsAtBuild(@TempDir Path dir) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            assertThatThrownBy(() -> OpenApi.builder().classLoader(loader).build())
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("META-INF/pronto/openapi.json");
        }
    }

    @Test
    void pathsAreValidated() {
        assertThatThrownBy(() -> OpenApi.builder().ui("docs")).hasMessageContaining("ui").hasMessageContaining("'docs'");
        assertThatThrownBy(() -> OpenApi.builder().document(DOC).ui("/openapi.json").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ui must differ from path");
    }

    @Test
    void aBlankDocumentDescribesLambdaRoutesWhereTheServerRoutesThem() {
        RouteDoc doc = RouteDoc.builder().summary("One item").tag("Items").operationId("item")
                .pathParam("id", "{\"type\":\"integer\",\"minimum\":1}")
                .response(200, "The item", "application/json", "{\"$ref\":\"#/components/schemas/Item\"}")
                .component("Item", "{\"type\":\"object\"}").build();
        Server.Builder builder = Server.builder()
                .routes(r -> r.group("/api", g -> g.get("/items/{id}", RouteOptions.defaults().doc(doc), (req, res) -> res.send("{}"))))
                .routes(OpenApi.builder().blank("Shop", "2").build());
        try (TestClient c = TestClient.start(builder)) {
            String text = c.get("/openapi.json").text();

            assertThat(text).contains("\"/api/items/{id}\"", "\"operationId\": \"item\"", "\"title\": \"Shop\"",
                    "\"Item\": {", "\"ValidationProblem\"", "\"504\": {").doesNotContain("\"/items/{id}\"");
        }
    }

    @Test
    void aRouteDocRefusesASchemaThatIsNotJson() {
        assertThatThrownBy(() -> RouteDoc.builder().query("q", "{type: string}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("invalid JSON");
        assertThatThrownBy(() -> RouteDoc.builder().summary("s").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("at least one response");
    }
}
