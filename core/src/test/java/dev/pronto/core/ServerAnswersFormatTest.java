package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's own answers (limits, unknown methods) follow the error format: with
 * {@code ErrorFormat.PROBLEM_JSON} they are RFC 9457 documents, as the OpenAPI document describes them.
 */
class ServerAnswersFormatTest {
    private static Server.Builder problems() {
        return Server.builder().errorFormat(ErrorFormat.PROBLEM_JSON)
                .config(c -> c.maxBodySize(16))
                .routes(r -> r.post("/in", (req, res) -> res.send("ok")));
    }

    @Test
    void aBodyPastTheLimitIsAProblemDocument() {
        try (TestClient c = TestClient.start(problems())) {
            TestResponse r = c.request("POST", "/in", Map.of(), "x".repeat(64));

            assertThat(r.status()).isEqualTo(413);
            assertThat(r.header("Content-Type")).isEqualTo("application/problem+json");
            assertThat(r.text()).startsWith("{\"type\":\"about:blank\",\"title\":\"Content Too Large\",\"status\":413,")
                    .contains("maxBodySize");
        }
    }

    @Test
    void anUnknownMethodIsAProblemDocument() {
        try (TestClient c = TestClient.start(problems())) {
            TestResponse r = c.send("BREW /in HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(r.status()).isEqualTo(501);
            assertThat(r.header("Content-Type")).isEqualTo("application/problem+json");
            assertThat(r.text()).contains("\"status\":501");
        }
    }

    @Test
    void queryIsAKnownMethodSoAPathWithoutItAnswers405() {
        try (TestClient c = TestClient.start(problems())) {
            TestResponse r = c.send("QUERY /in HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");

            assertThat(r.status()).isEqualTo(405);
            assertThat(r.header("Allow")).isEqualTo("POST, OPTIONS");
            assertThat(r.header("Content-Type")).isEqualTo("application/problem+json");
        }
    }

    @Test
    void withoutTheFormatTheServersAnswerStaysText() {
        try (TestClient c = TestClient.start(Server.builder().config(cfg -> cfg.maxBodySize(16))
                .routes(r -> r.post("/in", (req, res) -> res.send("ok"))))) {
            TestResponse r = c.request("POST", "/in", Map.of(), "x".repeat(64));

            assertThat(r.status()).isEqualTo(413);
            assertThat(r.header("Content-Type")).startsWith("text/plain");
        }
    }
}
