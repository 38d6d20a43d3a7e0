package dev.pronto.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JsonHandlerTest {
    private final TestClient client = TestClient.start(Server.builder()
            .json(ProntoJson.create(new TestJsonConfiguration()))
            .routes(r -> r.post("/rating", (req, res) -> {
                Shapes.Rating in = req.json(Shapes.Rating.class);
                res.json(new Shapes.Rating(in.score() + 1, in.count() * 2));
            })));

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void handlerDecodesTheBodyAndEncodesTheResponse() {
        TestResponse r = client.request("POST", "/rating", Map.of(), "{\"score\":4,\"count\":10}");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).isEqualTo("application/json");
        assertThat(r.text()).isEqualTo("{\"score\":5,\"count\":20}");
    }

    @Test
    void malformedBodyIsABadRequestNamingThePosition() {
        TestResponse r = client.request("POST", "/rating", Map.of(), "{\"score\":4,");

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.text()).isNotBlank().doesNotContain("Exception");
    }

    @Test
    void pipelinedJsonRequestsAnswerInOrder() {
        String req = "POST /rating HTTP/1.1\r\nHost: x\r\nContent-Length: 21\r\n\r\n{\"score\":%d,\"count\":1}";
        List<TestResponse> out = client.sendAll(String.format(req, 1) + String.format(req, 7), 2);

        assertThat(out).extracting(TestResponse::text)
                .containsExactly("{\"score\":2,\"count\":2}", "{\"score\":8,\"count\":2}");
    }
}
