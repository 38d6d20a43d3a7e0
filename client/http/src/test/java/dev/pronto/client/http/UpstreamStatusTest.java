package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Handler;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A client failure a handler leaves unhandled is answered as the gateway error it is, not as a 500. */
class UpstreamStatusTest {
    private static TestClient client() {
        return TestClient.start(Server.builder().routes(r -> r
                .get("/refused", (req, res) -> {
                    throw new ConnectFailedException("connect to http://10.0.0.7:5432 refused");
                })
                .get("/slow", Handler.async((req, res) -> CompletableFuture.failedFuture(
                        new RequestTimeoutException("GET http://backend/x: no response within 2s"))))));
    }

    @Test
    void connectFailureIsBadGatewayWithoutTheUpstreamAddress() {
        try (TestClient c = client()) {
            TestResponse r = c.get("/refused");
            assertThat(r.status() + " " + r.text()).isEqualTo("502 Bad Gateway");
        }
    }

    @Test
    void requestTimeoutIsGatewayTimeout() {
        try (TestClient c = client()) {
            TestResponse r = c.get("/slow");
            assertThat(r.status() + " " + r.text()).isEqualTo("504 Gateway Timeout");
        }
    }
}
