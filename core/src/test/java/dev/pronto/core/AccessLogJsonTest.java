package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import org.junit.jupiter.api.Test;

class AccessLogJsonTest {
    private static String lineOf(String uri) {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(AccessLog.json())
                .get("/users/{id}", (req, res) -> {
                    req.attribute(AccessLog.TRACE_ID, "4bf92f3577b34da6a3ce929d0e0e4736");
                    res.send(AccessLogJson.line(req, 200, 512, 840_000));
                })))) {
            return c.request("GET", uri, java.util.Map.of("X-Request-Id", "req-1"), null).text();
        }
    }

    @Test
    void aLineIsOneJsonObjectWithRouteAndIds() {
        assertThat(lineOf("/users/42")).isEqualTo("{\"method\":\"GET\",\"uri\":\"/users/42\",\"route\":\"/users/{id}\","
                + "\"status\":200,\"bytes\":512,\"micros\":840,\"protocol\":\"HTTP/1.1\",\"requestId\":\"req-1\","
                + "\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\"}");
    }

    @Test
    void whatTheClientSentIsEscaped() {
        assertThat(lineOf("/users/a%22b\\\"")).contains("\"uri\":\"/users/a%22b\\\\\\\"\"");
    }

    @Test
    void aGrpcCallCarriesItsGrpcStatus() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.post("/pkg.Svc/Get", (req, res) -> {
            req.attribute(AccessLog.GRPC_STATUS, 12);
            res.send(AccessLogJson.line(req, 200, 10, 1000));
        })))) {
            assertThat(c.request("POST", "/pkg.Svc/Get", java.util.Map.of(), "").text())
                    .endsWith("\"protocol\":\"HTTP/1.1\",\"grpcStatus\":12}");
        }
    }
}
