package dev.pronto.core.internal.server;

import dev.pronto.core.EventLoopLag;
import dev.pronto.core.MeterNames;
import dev.pronto.core.RequestHistogram;
import dev.pronto.core.RequestTags;
import dev.pronto.core.RequestTimer;
import dev.pronto.core.RequestTimers;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The dependency-free backend of {@code Metrics}: a {@link RequestHistogram} per request series, rendered
 * as Prometheus text with the names of {@link MeterNames}, as Micrometer's Prometheus registry
 * would render them.
 */
public final class MetricsRegistry implements RequestTimers {
    private static final double[] BUCKETS = MeterNames.latencyBucketsSeconds();
    private static final String REQUESTS = MeterNames.prometheusName(MeterNames.HTTP_SERVER_REQUESTS, "seconds");
    private final List<Histogram> series = new CopyOnWriteArrayList<>();
    private volatile IntSupplier connections = () -> 0;
    private volatile LongSupplier tlsFailures = () -> 0;
    private volatile EventLoopLag lag;

    /** One request series: its labels and its per-event-loop histogram, summed on scrape. */
    private record Histogram(String labels, RequestHistogram histogram) {
    }

    @Override
    public RequestTimer timer(RequestTags tags) {
        String labels = label(MeterNames.METHOD, tags.method()) + ',' + label(MeterNames.OUTCOME, tags.outcome()) + ','
                + label(MeterNames.PROTOCOL, tags.protocol()) + ',' + label(MeterNames.STATUS, Integer.toString(tags.status()))
                + ',' + label(MeterNames.URI, tags.uri());
        synchronized (series) {
            for (Histogram h : series) {
                if (h.labels.equals(labels)) {
                    return h.histogram();
                }
            }
            Histogram h = new Histogram(labels, RequestHistogram.create());
            series.add(h);
            return h.histogram();
        }
    }

    /** Samples {@code open} and {@code tlsFailures} on scrape, and the lag of {@code lag}. */
    public void bind(IntSupplier open, LongSupplier tlsFailures, EventLoopLag lag) {
        this.connections = open;
        this.tlsFailures = tlsFailures;
        this.lag = lag;
    }

    /** Prometheus text exposition format 0.0.4. */
    public String scrape() {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("# HELP ").append(REQUESTS).append(" Requests answered: time from request head to response hand-off.\n")
                .append("# TYPE ").append(REQUESTS).append(" histogram\n");
        series.stream().sorted(Comparator.comparing(h -> h.labels)).forEach(h -> histogram(sb, h));
        gauge(sb, MeterNames.prometheusName(MeterNames.CONNECTIONS, ""), "gauge", connections.getAsInt());
        gauge(sb, MeterNames.prometheusName(MeterNames.TLS_HANDSHAKE_FAILURES, "total"), "counter", tlsFailures.getAsLong());
        EventLoopLag l = lag;
        gauge(sb, MeterNames.prometheusName(MeterNames.EVENT_LOOP_LAG, "seconds"), "gauge", l == null ? 0 : l.takeMaxSeconds());
        return sb.toString();
    }

    private static void gauge(StringBuilder sb, String name, String type, Number value) {
        sb.append("# TYPE ").append(name).append(' ').append(type).append('\n').append(name).append(' ').append(value).append('\n');
    }

    private static void histogram(StringBuilder sb, Histogram h) {
        RequestHistogram.Snapshot read = h.histogram().snapshot();
        long cumulative = 0;
        for (int b = 0; b <= BUCKETS.length; b++) {
            cumulative += read.counts()[b];
            sb.append(REQUESTS).append("_bucket{").append(h.labels).append(",le=\"")
                    .append(b < BUCKETS.length ? Double.toString(BUCKETS[b]) : "+Inf").append("\"} ").append(cumulative).append('\n');
        }
        sb.append(REQUESTS).append("_count{").append(h.labels).append("} ").append(cumulative).append('\n')
                .append(REQUESTS).append("_sum{").append(h.labels).append("} ").append(read.sumNanos() / 1e9).append('\n');
    }

    private static String label(String key, String value) {
        return key + "=\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
