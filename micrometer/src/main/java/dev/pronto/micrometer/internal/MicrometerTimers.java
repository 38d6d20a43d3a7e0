package dev.pronto.micrometer.internal;

import dev.pronto.core.MeterNames;
import dev.pronto.core.RequestTags;
import dev.pronto.core.RequestTimer;
import dev.pronto.core.RequestTimers;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Micrometer timers for {@code RequestMetrics}, built once per series. On Micrometer's Prometheus registry each series
 * is a {@link dev.pronto.core.RequestHistogram} read at scrape time ({@link PrometheusHistograms}); on any other
 * registry it is a Micrometer {@code Timer} and requests call {@code Timer.record}.
 */
public final class MicrometerTimers implements RequestTimers {
    // The built-in Prometheus text's buckets, so both backends expose the same histogram.
    private static final Duration[] BUCKETS = Arrays.stream(MeterNames.latencyBucketsSeconds())
            .mapToObj(s -> Duration.ofNanos((long) (s * 1e9))).toArray(Duration[]::new);

    /** The histogram bucket bounds of every Pronto timer, from {@link MeterNames#latencyBucketsSeconds()} (a fresh copy). */
    public static Duration[] buckets() {
        return BUCKETS.clone();
    }
    private final MeterRegistry registry;
    private final PrometheusHistograms prometheus;

    public MicrometerTimers(MeterRegistry registry) {
        this.registry = registry;
        this.prometheus = PrometheusHistograms.attachTo(registry);
    }

    private RequestTimer register(Timer.Builder builder) {
        if (prometheus != null) {
            return prometheus.add(builder);
        }
        Timer timer = builder.register(registry);
        return nanos -> timer.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public RequestTimer timer(RequestTags tags) {
        return register(Timer.builder(MeterNames.HTTP_SERVER_REQUESTS)
                .description("Requests answered: time from request head to response hand-off")
                .tags(Tags.of(MeterNames.METHOD, tags.method(), MeterNames.URI, tags.uri(),
                        MeterNames.STATUS, Integer.toString(tags.status()), MeterNames.OUTCOME, tags.outcome(),
                        MeterNames.PROTOCOL, tags.protocol()))
                .serviceLevelObjectives(BUCKETS));
    }

    @Override
    public RequestTimer grpcTimer(String grpcMethod, String grpcStatus) {
        return register(Timer.builder(MeterNames.GRPC_SERVER_CALLS)
                .description("gRPC calls answered: time from request head to the trailers' hand-off")
                .tags(Tags.of(MeterNames.GRPC_METHOD, grpcMethod, MeterNames.GRPC_STATUS, grpcStatus))
                .serviceLevelObjectives(BUCKETS));
    }
}
