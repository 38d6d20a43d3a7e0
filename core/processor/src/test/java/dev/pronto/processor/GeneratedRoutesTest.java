package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.dslplatform.json.Configuration;
import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import dev.pronto.json.ProntoJson;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The issue's {@code Users} controller, compiled by the processor and served in memory. */
class GeneratedRoutesTest {
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(Fixtures.USERS);
        assertThat(compilation.errors()).isEmpty();
        ClassLoader loader = compilation.loader();
        client = TestClient.start(Server.builder()
                .routes(Generated.routes(loader, "app.Users"))
                .json(ProntoJson.create((Configuration) Generated.instance(loader, "app.JsonConfig"))));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void pathParameterConvertsAndRecordIsJson() {
        TestResponse res = client.get("/users/42");

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.header("Content-Type")).startsWith("application/json");
        assertThat(res.text()).isEqualTo("{\"id\":42,\"name\":\"user42\"}");
    }

    @Test
    void jsonRouteRefusesAnAcceptThatExcludesJson() {
        TestResponse res = client.request("GET", "/users/42", Map.of("Accept", "application/xml, application/json;q=0"), null);

        assertThat(res.status()).isEqualTo(406);
        assertThat(res.text()).contains("application/json only");
    }

    @Test
    void jsonRouteTakesAWildcardAccept() {
        assertThat(client.request("GET", "/users/42", Map.of("Accept", "text/html, */*;q=0.1"), null).status())
                .isEqualTo(200);
    }

    @Test
    void jsonBodyWithAContentCodingIs415NamingTheCodingsTaken() {
        TestResponse res = client.request("POST", "/users", Map.of("Content-Encoding", "foo"), "{\"name\":\"ada\"}");

        assertThat(res.status()).isEqualTo(415);
        assertThat(res.header("Accept-Encoding")).isEqualTo("identity");
    }

    @Test
    void pathParameterThatDoesNotConvertIs400NamingIt() {
        TestResponse res = client.get("/users/abc");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("path parameter 'id' must be an integer, got 'abc'");
    }

    @Test
    void jsonBodyAndStatusAnnotation() {
        TestResponse res = client.request("POST", "/users", Map.of(), "{\"name\":\"ada\"}");

        assertThat(res.status()).isEqualTo(201);
        assertThat(res.text()).isEqualTo("{\"id\":7,\"name\":\"ada\"}");
    }

    @Test
    void malformedJsonBodyIs400() {
        assertThat(client.request("POST", "/users", Map.of(), "{\"name\":").status()).isEqualTo(400);
    }

    @Test
    void optionalQueryParameterPresentAndAbsent() {
        assertThat(client.get("/users/search?q=ada&limit=3").text()).isEqualTo("[{\"id\":3,\"name\":\"ada\"}]");
        assertThat(client.get("/users/search?q=ada").text()).isEqualTo("[{\"id\":-1,\"name\":\"ada\"}]");
    }

    @Test
    void missingRequiredQueryParameterIs400() {
        TestResponse res = client.get("/users/search?limit=3");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("query parameter 'q' is required");
    }

    @Test
    void optionalQueryParameterThatDoesNotConvertIs400() {
        assertThat(client.get("/users/search?q=a&limit=x").text())
                .isEqualTo("query parameter 'limit' must be an integer, got 'x'");
    }

    @Test
    void blockingRouteRunsOnVirtualThreadAndSendsBytes() {
        TestResponse res = client.get("/users/5/avatar");

        assertThat(res.header("Content-Type")).isEqualTo("application/octet-stream");
        assertThat(res.text()).isEqualTo("virtual 5");
    }

    @Test
    void completionStageWithResponseParameter() {
        assertThat(client.request("DELETE", "/users/1", Map.of(), null).status()).isEqualTo(204);
        assertThat(client.request("DELETE", "/users/2", Map.of(), null).status()).isEqualTo(404);
    }

    /** Loads compiled test classes; the framework itself never reflects. */
    static final class Generated {
        private Generated() {
        }

        @SuppressWarnings("unchecked")
        static Consumer<Routes> routes(ClassLoader loader, String controller) throws Exception {
            Object instance = instance(loader, controller);
            return (Consumer<Routes>) loader.loadClass(controller + "$Routes")
                    .getConstructor(instance.getClass()).newInstance(instance);
        }

        static Object instance(ClassLoader loader, String name) throws Exception {
            var constructor = loader.loadClass(name).getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        }
    }
}
