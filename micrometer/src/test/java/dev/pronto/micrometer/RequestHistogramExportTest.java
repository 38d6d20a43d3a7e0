package dev.pronto.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.MeterNames;
import dev.pronto.core.Metrics;
import dev.pronto.micrometer.internal.MicrometerTimers;
import dev.pronto.router.Method;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.channel.DefaultEventLoop;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The per-event-loop histograms export exactly what a Micrometer timer with the same name, tags and SLO buckets
 * exported before them: the same lines in Micrometer's Prometheus text, and the same bucket, count and sum lines in
 * the built-in {@link Metrics}.
 */
class RequestHistogramExportTest {
    // Every bucket, both edges of one, and beyond the last
    private static final long[] NANOS = {0, 300, 500_000, 500_001, 1_234_567, 2_500_000, 7_000_000, 30_000_000,
        120_000_000, 400_000_000, 900_000_000, 2_000_000_000L, 4_000_000_000L, 9_000_000_000L};
    private final DefaultEventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stopLoop() throws InterruptedException {
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
    }

    @Test
    void prometheusTextKeepsTheNamesTagsBucketsAndMaxOfAMicrometerTimer() throws Exception {
        PrometheusMeterRegistry pronto = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        ProntoMeters meters = ProntoMeters.create(pronto);
        recordOnLoopAndHere(n -> meters.requests().record("HTTP/1.1", Method.GET, "/users/{id}", 200, n));

        assertThat(lines(pronto.scrape(), "http_server_requests_seconds"))
                .hasSize(21).containsExactlyInAnyOrderElementsOf(lines(micrometerTimer().scrape(), "http_server_requests_seconds"));
    }

    @Test
    void theRegistrysCommonTagsAreKept() {
        PrometheusMeterRegistry pronto = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        pronto.config().commonTags("app", "shop");
        ProntoMeters.create(pronto).requests().record("HTTP/1.1", Method.GET, "/users/{id}", 200, 1_000);

        assertThat(pronto.scrape()).contains("http_server_requests_seconds_count{app=\"shop\",method=\"GET\","
                + "outcome=\"SUCCESS\",protocol=\"HTTP/1.1\",status=\"200\",uri=\"/users/{id}\"} 1");
    }

    @Test
    void theBuiltInTextHasTheSameBucketCountAndSumLines() throws Exception {
        Metrics builtIn = Metrics.create();
        recordOnLoopAndHere(n -> builtIn.requests().record("HTTP/1.1", Method.GET, "/users/{id}", 200, n));

        List<String> micrometer = lines(micrometerTimer().scrape(), "http_server_requests_seconds_")
                .stream().filter(l -> !l.contains("http_server_requests_seconds_max")).toList();
        assertThat(lines(builtIn.scrape(), "http_server_requests_seconds_")).hasSize(16)
                .containsExactlyInAnyOrderElementsOf(micrometer);
    }

    /** The same durations through a Micrometer timer built as MicrometerTimers builds one, in a registry of its own. */
    private static PrometheusMeterRegistry micrometerTimer() {
        PrometheusMeterRegistry reference = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Timer timer = Timer.builder(MeterNames.HTTP_SERVER_REQUESTS)
                .description("Requests answered: time from request head to response hand-off")
                .tags(Tags.of("method", "GET", "uri", "/users/{id}", "status", "200", "outcome", "SUCCESS", "protocol", "HTTP/1.1"))
                .serviceLevelObjectives(MicrometerTimers.buckets()).register(reference);
        for (long n : NANOS) {
            timer.record(n, TimeUnit.NANOSECONDS);
            timer.record(n, TimeUnit.NANOSECONDS);
        }
        return reference;
    }

    /** Each duration once on an event loop (its own cell) and once on this thread (the shared cell). */
    private void recordOnLoopAndHere(LongConsumer record) throws Exception {
        loop.submit(() -> {
            for (long n : NANOS) {
                record.accept(n);
            }
        }).get(10, TimeUnit.SECONDS);
        for (long n : NANOS) {
            record.accept(n);
        }
    }

    private static List<String> lines(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix) || l.startsWith("# HELP " + prefix)
                || l.startsWith("# TYPE " + prefix)).toList();
    }
}
