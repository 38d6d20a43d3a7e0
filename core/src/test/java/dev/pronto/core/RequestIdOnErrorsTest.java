package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With {@link AccessLog} registered, error answers carry the request's id like successful ones. */
class RequestIdOnErrorsTest {
    private static TestClient client() {
        return TestClient.start(Server.builder().routes(r -> r.register(AccessLog.create())
                .get("/boom", (req, res) -> {
                    throw new IllegalStateException("bug");
                })
                .get("/bad", (req, res) -> {
                    throw new HttpException(400, "bad input");
                })
                .get("/ok", (req, res) -> res.send("ok"))));
    }

    private static String idOf(TestClient c, String path) {
        TestResponse r = c.request("GET", path, Map.of("X-Request-Id", "id-" + path.substring(1)), null);
        return r.status() + " " + r.header("X-Request-Id");
    }

    @Test
    void notFoundCarriesTheRequestId() {
        try (TestClient c = client()) {
            assertThat(idOf(c, "/nope")).isEqualTo("404 id-nope");
        }
    }

    @Test
    void httpExceptionCarriesTheRequestId() {
        try (TestClient c = client()) {
            assertThat(idOf(c, "/bad")).isEqualTo("400 id-bad");
        }
    }

    @Test
    void unhandledExceptionCarriesTheRequestId() {
        try (TestClient c = client()) {
            assertThat(idOf(c, "/boom")).isEqualTo("500 id-boom");
        }
    }

    @Test
    void generatedIdIsKeptOnErrors() {
        try (TestClient c = client()) {
            assertThat(c.get("/boom").header("X-Request-Id")).matches("[0-9a-f]{16}");
        }
    }
}
