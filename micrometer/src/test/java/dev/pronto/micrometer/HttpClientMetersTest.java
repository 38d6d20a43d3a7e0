package dev.pronto.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.testsupport.ClosedPort;
import dev.pronto.core.Server;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Client calls through a real socket are timed per method and status under Spring's timer name. */
class HttpClientMetersTest {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HttpClientMeters meters = HttpClientMeters.create(registry, "upstream");
    private final HttpClient client = HttpClient.create(ClientConfig.builder().maxAttempts(1).build());
    private final Server server = Server.builder().port(0)
            .routes(r -> r.get("/items/{id}", (req, res) -> res.send("item"))).build().start();

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    @Test
    void answeredCallsAreTimedByMethodAndStatus() throws Exception {
        get("/items/1");
        get("/items/2");
        get("/nothing");

        assertThat(timer("GET", "200").count()).isEqualTo(2);
        assertThat(timer("GET", "404").count()).isEqualTo(1);
        assertThat(registry.scrape()).contains("http_client_requests_seconds_count{client_name=\"upstream\","
                + "method=\"GET\",outcome=\"CLIENT_ERROR\",status=\"404\"} 1");
    }

    @Test
    void aCallWithoutResponseCountsAsIoError() throws Exception {
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        try (ClosedPort closed = ClosedPort.reserve()) {
            ClientRequest request = ClientRequest.get("http://127.0.0.1:" + closed.port() + "/");

            client.send(request, meters.timed(request, (res, err) -> failure.complete(err)));

            assertThat(failure.get(10, TimeUnit.SECONDS)).isNotNull();
        }
        assertThat(registry.get(HttpClientMeters.REQUESTS).tag("status", HttpClientMeters.IO_ERROR)
                .tag("outcome", "UNKNOWN").timer().count()).isEqualTo(1);
    }

    @SuppressWarnings("try") // the resource is the point: opened, then closed
    private void get(String path) throws Exception {
        try (ClientResponse ignored = meters.send(client, ClientRequest.get("http://127.0.0.1:" + server.port() + path))
                .toCompletableFuture().get(10, TimeUnit.SECONDS)) {
            // closed: the body buffer goes back to its pool
        }
    }

    private Timer timer(String method, String status) {
        return registry.get(HttpClientMeters.REQUESTS).tag("method", method).tag("status", status)
                .tag(HttpClientMeters.CLIENT_NAME, "upstream").timer();
    }
}
