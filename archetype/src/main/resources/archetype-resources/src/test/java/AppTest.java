package ${package};

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Health;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The service's routes through Pronto's in-memory {@link TestClient}: no socket, no port. */
class AppTest {
    private final TestClient client = TestClient.start(App.server(Health.create()));

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void helloAnswersJson() {
        TestResponse response = client.get("/hello/Ada");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type")).startsWith("application/json");
        assertThat(response.text()).isEqualTo("{\"message\":\"Hello, Ada!\",\"length\":11}");
    }

    @Test
    void controllerCreatesGreeting() {
        TestResponse response = client.request("POST", "/greetings", Map.of("content-type", "application/json"),
                "{\"name\":\"Grace\"}");

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.text()).contains("Hello, Grace!");
    }

    @Test
    void blankNameIsRejected() {
        TestResponse response = client.request("POST", "/greetings", Map.of("content-type", "application/json"),
                "{\"name\":\" \"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.header("content-type")).startsWith("application/problem+json");
        assertThat(response.text()).contains("name");
    }

    @Test
    void unknownPathIsAProblemDocument() {
        TestResponse response = client.get("/nowhere");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.header("content-type")).startsWith("application/problem+json");
    }

    @Test
    void readinessProbeAnswers() {
        assertThat(client.get("/health/ready").status()).isEqualTo(200);
    }
}
