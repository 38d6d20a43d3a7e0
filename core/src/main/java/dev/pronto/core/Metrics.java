package dev.pronto.core;

import dev.pronto.core.internal.MetricsRegistry;
import java.util.function.Consumer;

/**
 * Request metrics in Prometheus text format, as a plugin: {@code routes.register(metrics)} adds
 * {@code GET /metrics} and {@code GET /health}, and {@link #bind(Server)} after start adds
 * connection, TLS-handshake-failure and event-loop-lag series.
 *
 * <p>Recorded per route pattern and method: request counts by status class and a latency
 * histogram ({@code pronto_requests_total}, {@code pronto_request_duration_seconds}); plus
 * {@code pronto_open_connections}, {@code pronto_tls_handshake_failures_total} and
 * {@code pronto_event_loop_lag_seconds}. Dependency-free:
 * counters are {@code LongAdder}s, so recording costs a few nanoseconds and never locks; a route
 * table's patterns bound the label set, so hostile paths cannot grow it (unmatched paths count
 * under {@code route="unmatched"}).
 */
public final class Metrics implements Consumer<Routes> {
    private final MetricsRegistry registry = new MetricsRegistry();
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
        routes.root().onResponse(registry::record);
        routes.root().get(path, (req, res) -> res.contentType("text/plain; version=0.0.4; charset=utf-8")
                .send(registry.scrape()));
        routes.root().get("/health", (req, res) -> res.contentType("application/json").send("{\"status\":\"UP\"}"));
    }

    /**
     * Starts sampling {@code server}'s open connections and event-loop lag (every 500 ms).
     *
     * @param server a started server
     * @return this
     */
    public Metrics bind(Server server) {
        registry.bind(server::openConnections, server::tlsHandshakeFailures, server.eventLoopGroup());
        return this;
    }

    /** The current text exposition, as served at the metrics path. */
    public String scrape() {
        return registry.scrape();
    }
}
