package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import org.junit.jupiter.api.Test;

/** RFC 8441 (WebSocket over HTTP/2) is not offered: a WebSocket route answers HTTP/2 requests with 426. */
class WebSocketOverH2cTest {
    @Test
    void webSocketRouteAnswersHttp2With426() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.ws("/ws", new WebSocketHandler() {
        })), TestClient.Protocol.H2C)) {
            assertThat(c.get("/ws").status()).isEqualTo(426);
        }
    }
}
