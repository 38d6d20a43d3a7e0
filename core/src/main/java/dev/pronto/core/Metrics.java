package dev.pronto.core;

import dev.pronto.core.internal.server.MetricsRegistry;
import java.util.function.Consumer;

/**
 * Dependency-free metrics in Prometheus text format, as a plugin: {@code routes.register(metrics)}
 * records every request through {@link RequestMetrics} and adds {@code GET /metrics}; {@link #bind(Server)}
 * after start adds the connection, TLS-handshake-failure and event-loop-lag meters. The series and
 * their names are those of {@link MeterNames}, exactly as {@code pronto-micrometer} exposes them
 * through Micrometer's Prometheus registry, so dashboards survive a switch between the two.
 *
 * <p>Recording costs a few nanoseconds and never locks, allocates or writes a cache line shared with another
 * event loop once a series exists (each series is a {@link RequestHistogram}, one cell per event loop, summed on
 * scrape); the route table bounds the series, so hostile paths cannot grow them.
 * Liveness and readiness endpoints are {@link Health}'s.
 */
public final class Metrics implements Consumer<Routes> {
    private final MetricsRegistry registry = new MetricsRegistry();
    private final RequestMetrics requests = RequestMetrics.of(registry);
    private final String path;

    private Metrics(String path) {
        this.path = path;
    }

    /** Metrics served at {@code /metrics}. */
    public static Metrics create() {
        return new Metrics("/metrics");
    }

    /** Metrics served at {@code path}. */
    public static Metrics at(String path) {
        return new Metrics(path);
    }

    @Override
    public void accept(Routes routes) {
        requests.accept(routes);
        routes.root().get(path, (req, res) -> res.contentType("text/plain; version=0.0.4; charset=utf-8")
                .send(registry.scrape()));
    }

    /**
     * Starts sampling {@code server}'s open connections, TLS handshake failures and event-loop lag.
     *
     * @param server a started server
     * @return this
     */
    public Metrics bind(Server server) {
        registry.bind(server::openConnections, server::tlsHandshakeFailures, EventLoopLag.sample(server.eventLoopGroup()));
        return this;
    }

    /** The request recording path of these metrics, for carriers that do not run route hooks. */
    public RequestMetrics requests() {
        return requests;
    }

    /** The current text exposition, as served at the metrics path. */
    public String scrape() {
        return registry.scrape();
    }
}
