package dev.pronto.core.internal;

import dev.pronto.core.Request;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/** The counters behind {@code Metrics}: per route and method, lock-free, rendered on scrape. */
public final class MetricsRegistry {
    private static final double[] BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
    private static final long[] BUCKET_NANOS = java.util.Arrays.stream(BUCKETS).mapToLong(b -> (long) (b * 1e9)).toArray();
    private static final dev.pronto.router.Method[] METHODS = dev.pronto.router.Method.values();
    /** Per route pattern (the router's own strings, so lookups allocate nothing), one slot per method. */
    private final ConcurrentHashMap<String, AtomicReferenceArray<Series>> series = new ConcurrentHashMap<>();
    private static final String UNMATCHED = "unmatched";
    private final AtomicLong maxLagNanos = new AtomicLong();
    private volatile IntSupplier connections = () -> 0;
    private volatile java.util.function.LongSupplier tlsFailures = () -> 0;

    /** Counters of one route and method. */
    private static final class Series {
        final LongAdder[] classes = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()};
        final LongAdder[] buckets = new LongAdder[BUCKETS.length + 1];
        final LongAdder sumNanos = new LongAdder();

        Series() {
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] = new LongAdder();
            }
        }
    }

    /** Records one finished exchange; the onResponse hook. */
    public void record(Request req, int status, long bytes, long nanos) {
        String pattern = req.routePattern();
        AtomicReferenceArray<Series> byMethod = series.get(pattern == null ? UNMATCHED : pattern);
        if (byMethod == null) {
            byMethod = series.computeIfAbsent(pattern == null ? UNMATCHED : pattern,
                    k -> new AtomicReferenceArray<>(METHODS.length));
        }
        int m = req.method().ordinal();
        Series s = byMethod.get(m);
        if (s == null) {
            byMethod.compareAndSet(m, null, new Series());
            s = byMethod.get(m);
        }
        s.classes[Math.min(4, Math.max(0, status / 100 - 1))].increment();
        int b = 0;
        while (b < BUCKET_NANOS.length && nanos > BUCKET_NANOS[b]) {
            b++;
        }
        s.buckets[b].increment();
        s.sumNanos.add(nanos);
    }

    /** Samples {@code open} and {@code tlsFailures} on scrape, and event-loop lag on every loop of {@code loops}. */
    public void bind(IntSupplier open, java.util.function.LongSupplier tlsFailures, EventLoopGroup loops) {
        this.connections = open;
        this.tlsFailures = tlsFailures;
        for (EventExecutor loop : loops) {
            long[] expected = {System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500)};
            loop.scheduleAtFixedRate(() -> {
                long lag = Math.max(0, System.nanoTime() - expected[0]);
                expected[0] += TimeUnit.MILLISECONDS.toNanos(500);
                maxLagNanos.accumulateAndGet(lag, Math::max);
            }, 500, 500, TimeUnit.MILLISECONDS);
        }
    }

    /** Prometheus text exposition format 0.0.4. */
    public String scrape() {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("# HELP pronto_requests_total Requests answered, by route, method and status class.\n")
                .append("# TYPE pronto_requests_total counter\n");
        sorted().forEach((key, s) -> {
            for (int c = 0; c < 5; c++) {
                sb.append("pronto_requests_total{").append(labels(key)).append(",status=\"").append(c + 1).append("xx\"} ")
                        .append(s.classes[c].sum()).append('\n');
            }
        });
        sb.append("# HELP pronto_request_duration_seconds Time from request head to response hand-off.\n")
                .append("# TYPE pronto_request_duration_seconds histogram\n");
        sorted().forEach((key, s) -> histogram(sb, labels(key), s));
        sb.append("# HELP pronto_open_connections Open HTTP connections.\n# TYPE pronto_open_connections gauge\n")
                .append("pronto_open_connections ").append(connections.getAsInt()).append('\n')
                .append("# HELP pronto_tls_handshake_failures_total TLS handshakes that failed and were closed.\n")
                .append("# TYPE pronto_tls_handshake_failures_total counter\n")
                .append("pronto_tls_handshake_failures_total ").append(tlsFailures.getAsLong()).append('\n')
                .append("# HELP pronto_event_loop_lag_seconds Largest event-loop task delay seen since the last scrape.\n")
                .append("# TYPE pronto_event_loop_lag_seconds gauge\n")
                .append("pronto_event_loop_lag_seconds ").append(maxLagNanos.getAndSet(0) / 1e9).append('\n');
        return sb.toString();
    }

    /** Every series as "METHOD pattern", sorted, for a stable exposition. */
    private Map<String, Series> sorted() {
        Map<String, Series> all = new java.util.TreeMap<>();
        series.forEach((pattern, byMethod) -> {
            for (int m = 0; m < METHODS.length; m++) {
                Series s = byMethod.get(m);
                if (s != null) {
                    all.put(METHODS[m].name() + ' ' + pattern, s);
                }
            }
        });
        return all;
    }

    private static void histogram(StringBuilder sb, String labels, Series s) {
        long cumulative = 0;
        for (int b = 0; b <= BUCKETS.length; b++) {
            cumulative += s.buckets[b].sum();
            sb.append("pronto_request_duration_seconds_bucket{").append(labels).append(",le=\"")
                    .append(b < BUCKETS.length ? Double.toString(BUCKETS[b]) : "+Inf").append("\"} ").append(cumulative).append('\n');
        }
        sb.append("pronto_request_duration_seconds_sum{").append(labels).append("} ").append(s.sumNanos.sum() / 1e9).append('\n')
                .append("pronto_request_duration_seconds_count{").append(labels).append("} ").append(cumulative).append('\n');
    }

    private static String labels(String key) {
        int space = key.indexOf(' ');
        return "method=\"" + key.substring(0, space) + "\",route=\"" + key.substring(space + 1).replace("\\", "\\\\")
                .replace("\"", "\\\"") + "\"";
    }
}
