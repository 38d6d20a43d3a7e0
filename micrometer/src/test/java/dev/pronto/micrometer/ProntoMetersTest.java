package dev.pronto.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Metrics;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.router.Method;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class ProntoMetersTest {
    private static final String USERS_200 = "http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\","
            + "protocol=\"HTTP/1.1\",status=\"200\",uri=\"/users/{id}\"} 2";
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    @Test
    void requestsAreTimedPerRoutePatternWithSpringTags() {
        ProntoMeters meters = ProntoMeters.create(registry);
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(meters)
                .get("/users/{id}", (req, res) -> res.send("u"))))) {
            c.get("/users/1");
            c.get("/users/2");
        }

        assertThat(registry.scrape()).contains(USERS_200)
                .contains("http_server_requests_seconds_bucket{method=\"GET\",outcome=\"SUCCESS\",protocol=\"HTTP/1.1\","
                        + "status=\"200\",uri=\"/users/{id}\",le=\"5.0E-4\"}");
    }

    @Test
    void theBuiltInPrometheusTextNamesTheSameSeries() {
        Metrics builtIn = Metrics.create();
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(builtIn)
                .get("/users/{id}", (req, res) -> res.send("u"))))) {
            c.get("/users/1");
            c.get("/users/2");
        }

        assertThat(builtIn.scrape()).contains(USERS_200);
    }

    @Test
    void serverAndJvmMetersAreRegistered() {
        Server server = Server.builder().port(0).routes(r -> r.get("/", (req, res) -> res.send("x"))).build().start();
        try {
            ProntoMeters.create(registry).bind(server).jvm();

            assertThat(registry.scrape()).contains("pronto_server_connections 0")
                    .contains("pronto_server_tls_handshake_failures_total 0")
                    .contains("pronto_event_loop_lag_seconds").contains("jvm_memory_used_bytes")
                    .contains("pronto_server_protocol_connections{protocol=\"WebSocket\"} 0")
                    .contains("pronto_server_protocol_connections{protocol=\"HTTP/2\"} 0");
        } finally {
            server.close();
        }
    }

    @Test
    void http2AndWebSocketMetersAreRegisteredWithTheirTags() {
        Server server = Server.builder().port(0).routes(r -> r.get("/", (req, res) -> res.send("x"))).build().start();
        try {
            ProntoMeters.create(registry).bind(server);

            assertThat(registry.scrape()).contains("pronto_http2_streams_open 0")
                    .contains("pronto_http2_streams_total{outcome=\"completed\"} 0")
                    .contains("pronto_http2_streams_total{outcome=\"reset_by_client\"} 0")
                    .contains("pronto_http2_streams_total{outcome=\"reset_by_server\"} 0")
                    .contains("pronto_websocket_messages_total{direction=\"in\"} 0")
                    .contains("pronto_websocket_messages_total{direction=\"out\"} 0")
                    .contains("pronto_websocket_closes_total{code=\"1000\"} 0")
                    .contains("pronto_websocket_closes_total{code=\"other\"} 0");
        } finally {
            server.close();
        }
    }

    @Test
    void aGrpcCallIsTimedByMethodAndStatusName() {
        ProntoMeters meters = ProntoMeters.create(registry);
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(meters)
                .post("/pkg.Items/Get", (req, res) -> {
                    req.attribute(dev.pronto.core.AccessLog.GRPC_STATUS, 5);
                    res.send("x");
                })))) {
            c.request("POST", "/pkg.Items/Get", java.util.Map.of(), "");
        }

        assertThat(registry.scrape())
                .contains("grpc_server_call_duration_seconds_count{grpc_method=\"pkg.Items/Get\",grpc_status=\"NOT_FOUND\"} 1")
                .contains("http_server_requests_seconds_count{method=\"POST\",outcome=\"CLIENT_ERROR\",protocol=\"grpc\","
                        + "status=\"404\",uri=\"/pkg.Items/Get\"} 1");
    }

    @Test
    void recordingAnExistingSeriesAllocatesNothing() {
        ProntoMeters meters = ProntoMeters.create(registry);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(id);
            for (int i = 0; i < 100_000; i++) {
                meters.requests().record("HTTP/1.1", Method.GET, "/users/{id}", 200, 1_000 + i);
            }
            least = Math.min(least, (mx.getThreadAllocatedBytes(id) - before) / 100_000);
        }

        assertThat(least).isZero();
    }

    @Test
    void recordingAnExistingGrpcSeriesAllocatesNothing() {
        dev.pronto.core.internal.server.RequestSeries series = new dev.pronto.core.internal.server.RequestSeries(
                new dev.pronto.micrometer.internal.MicrometerTimers(registry));
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(id);
            for (int i = 0; i < 100_000; i++) {
                series.grpcTimer("/pkg.Items/Get", i & 15).record(1_000 + i);
            }
            least = Math.min(least, (mx.getThreadAllocatedBytes(id) - before) / 100_000);
        }

        assertThat(least).isZero();
    }
}
