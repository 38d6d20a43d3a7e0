package dev.pronto.jmh.vertxarena;

import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Handler;
import io.vertx.core.metrics.MetricsOptions;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.PrometheusScrapingHandler;

/**
 * Vert.x's own Micrometer metrics (vertx-micrometer-metrics: HTTP server requests by method, route and code,
 * connections, pools) in a Prometheus registry, scraped at {@code /metrics}. The JVM binders are bound by the
 * first scrape, as the arena app does, instead of by {@code setJvmMetricsEnabled(true)} at start.
 */
final class ArenaMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Handler<RoutingContext> scrape = PrometheusScrapingHandler.create(registry);
    private volatile boolean jvmBound;

    /** The metrics options to start Vert.x with. */
    MetricsOptions options() {
        return new MicrometerMetricsOptions().setEnabled(true).addLabels(Label.HTTP_ROUTE);
    }

    /** The factory recording into this registry ({@code Vertx.builder().withMetrics}). */
    MicrometerMetricsFactory factory() {
        return new MicrometerMetricsFactory(registry);
    }

    /** The {@code /metrics} handler. */
    void scrape(RoutingContext rc) {
        if (!jvmBound) {
            synchronized (this) {
                if (!jvmBound) {
                    new JvmMemoryMetrics().bindTo(registry);
                    new JvmGcMetrics().bindTo(registry);
                    new JvmThreadMetrics().bindTo(registry);
                    new ClassLoaderMetrics().bindTo(registry);
                    new ProcessorMetrics().bindTo(registry);
                    new UptimeMetrics().bindTo(registry);
                    jvmBound = true;
                }
            }
        }
        scrape.handle(rc);
    }
}
