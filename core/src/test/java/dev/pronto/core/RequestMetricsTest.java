package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.router.Method;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {
    private final List<RequestTags> created = new CopyOnWriteArrayList<>();
    private final LongAdder recorded = new LongAdder();
    private final RequestMetrics metrics = RequestMetrics.of(tags -> {
        created.add(tags);
        return nanos -> recorded.increment();
    });

    @Test
    void tagsCarryRoutePatternMethodStatusOutcomeAndProtocolOverEveryCarrier() {
        for (TestClient.Protocol p : List.of(TestClient.Protocol.HTTP_1_1, TestClient.Protocol.H2C)) {
            try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(metrics)
                    .get("/users/{id}", (req, res) -> res.status(201).send("u"))), p)) {
                c.get("/users/7");
            }
        }

        assertThat(created).containsExactly(new RequestTags("GET", "/users/{id}", 201, "HTTP/1.1"),
                new RequestTags("GET", "/users/{id}", 201, "HTTP/2.0"));
        assertThat(created.get(0).outcome()).isEqualTo("SUCCESS");
        assertThat(recorded.sum()).isEqualTo(2);
    }

    @Test
    void aSeriesIsCreatedOnceAndThenReused() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(metrics)
                .get("/a/{x}", (req, res) -> res.send("a"))))) {
            for (int i = 0; i < 5; i++) {
                c.get("/a/" + i);
            }
        }

        assertThat(created).hasSize(1);
        assertThat(recorded.sum()).isEqualTo(5);
    }

    @Test
    void unmatchedPathsShareBoundedSeriesWhateverTheirPath() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(metrics)))) {
            c.get("/random/1");
            c.get("/random/2");
        }

        assertThat(created).containsExactly(new RequestTags("GET", MeterNames.URI_NOT_FOUND, 404, "HTTP/1.1"));
    }

    @Test
    void otherCarriersRecordWithTheirOwnProtocolTag() {
        metrics.record("grpc", Method.POST, "/pkg.Svc/Call", 200, 1_000);
        metrics.record("grpc", Method.POST, "/pkg.Svc/Call", 200, 2_000);

        assertThat(created).containsExactly(new RequestTags("POST", "/pkg.Svc/Call", 200, "grpc"));
        assertThat(recorded.sum()).isEqualTo(2);
    }

    @Test
    void outcomeAndUriFollowTheSpringConventions() {
        assertThat(MeterNames.outcome(503)).isEqualTo("SERVER_ERROR");
        assertThat(MeterNames.uri(null, 301)).isEqualTo("REDIRECTION");
        assertThat(MeterNames.uri(null, 400)).isEqualTo("UNKNOWN");
    }
}
