package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class HealthTest {
    private static TestClient client(Health health) {
        return TestClient.start(Server.builder().routes(r -> r.register(health)));
    }

    @Test
    void withoutChecksLiveAndReadyAnswer200() {
        try (TestClient c = client(Health.create())) {
            assertThat(c.get("/health/live").status()).isEqualTo(200);
            TestResponse ready = c.get("/health/ready");
            assertThat(ready.status()).isEqualTo(200);
            assertThat(ready.text()).isEqualTo("{\"status\":\"UP\",\"checks\":{}}");
        }
    }

    @Test
    void aFailingReadinessCheckAnswers503NamingItWhileLivenessStaysUp() {
        AtomicBoolean dbUp = new AtomicBoolean(true);
        Health health = Health.create().readiness("postgres",
                () -> dbUp.get() ? HealthCheck.Result.healthy() : HealthCheck.Result.unhealthy("no \"live\" connection"));
        try (TestClient c = client(health)) {
            assertThat(c.get("/health/ready").status()).isEqualTo(200);
            dbUp.set(false);

            TestResponse ready = c.get("/health/ready");
            assertThat(ready.status()).isEqualTo(503);
            assertThat(ready.text()).isEqualTo("{\"status\":\"DOWN\",\"checks\":{\"postgres\":\"DOWN: no \\\"live\\\" connection\"}}");
            assertThat(c.get("/health/live").status()).isEqualTo(200);
        }
    }

    @Test
    void aThrowingCheckCountsAsDown() {
        Health health = Health.create().liveness("deadlock", () -> {
            throw new IllegalStateException("boom");
        });
        try (TestClient c = client(health)) {
            TestResponse live = c.get("/health/live");
            assertThat(live.status()).isEqualTo(503);
            assertThat(live.text()).contains("\"deadlock\":\"DOWN: IllegalStateException\"");
        }
    }

    @Test
    void shuttingDownFlipsReadinessButNotLiveness() {
        Health health = Health.create();
        try (TestClient c = client(health)) {
            health.markShuttingDown();

            assertThat(c.get("/health/ready").status()).isEqualTo(503);
            assertThat(c.get("/health").text()).contains("\"reason\":\"shutting down\"");
            assertThat(c.get("/health/live").status()).isEqualTo(200);
            assertThat(health.ready()).isFalse();
        }
    }

    @Test
    void shutdownFlipsReadinessThenStopsTheServer() {
        Health health = Health.create();
        Server server = Server.builder().port(0).routes(r -> r.register(health)).build().start();
        assertThat(health.ready()).isTrue();

        health.shutdown(server, Duration.ZERO);

        assertThat(health.ready()).isFalse();
        assertThat(server.eventLoopGroup()).as("a stopped server has no event loops").isNull();
    }

    @Test
    void onShuttingDownRunsOnceWhenReadinessFlips() {
        java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        Health health = Health.create().onShuttingDown(runs::incrementAndGet);
        health.markShuttingDown();
        health.markShuttingDown();
        assertThat(runs).hasValue(1);
    }

    @Test
    void onShuttingDownAfterTheFlipRunsAtOnce() {
        Health health = Health.create();
        health.markShuttingDown();
        AtomicBoolean ran = new AtomicBoolean();
        health.onShuttingDown(() -> ran.set(true));
        assertThat(ran).isTrue();
    }
}
