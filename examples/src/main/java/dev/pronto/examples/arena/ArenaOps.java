package dev.pronto.examples.arena;

import dev.pronto.client.pg.Postgres;
import dev.pronto.core.Health;
import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.micrometer.PostgresMeters;
import dev.pronto.micrometer.ProntoMeters;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.function.Consumer;

/**
 * The arena app's operations endpoints: {@code /metrics} (Micrometer's Prometheus registry with
 * request, server, event-loop, Postgres-pool and JVM meters) and {@code /health/live},
 * {@code /health/ready} (ready while Postgres has a live connection on every loop).
 */
final class ArenaOps implements Consumer<Routes> {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final ProntoMeters meters = ProntoMeters.create(registry);
    private final Health health = Health.create();
    private final Timing timing;
    private volatile boolean jvmBound;

    /** Whether requests are timed into {@code http_server_requests_seconds}. */
    enum Timing { ON, OFF }

    ArenaOps(Postgres postgres, Timing timing) {
        this.timing = timing;
        health.readiness("postgres", postgres.healthCheck());
        PostgresMeters.bind(postgres, "arena", registry);
    }

    @Override
    public void accept(Routes r) {
        if (timing == Timing.ON) {
            r.register(meters);
        }
        r.register(health)
                .get("/metrics", ArenaDocs.METRICS, (req, res) -> res.contentType("text/plain; version=0.0.4; charset=utf-8")
                        .send(scrape()));
    }

    /** Adds the server meters once {@code server} has started. */
    void bind(Server server) {
        meters.bind(server);
    }

    /**
     * The registry's Prometheus text. The JVM binders are added by the first scrape rather than at start,
     * where they cost ~0.15 s before the first response; GC pauses before that scrape are not in
     * {@code jvm.gc.pause}, every other JVM meter reads cumulative values.
     */
    private String scrape() {
        if (!jvmBound) {
            synchronized (this) {
                if (!jvmBound) {
                    meters.jvm();
                    jvmBound = true;
                }
            }
        }
        return registry.scrape();
    }

    /** Readiness goes DOWN first when the app stops. */
    Health health() {
        return health;
    }
}
