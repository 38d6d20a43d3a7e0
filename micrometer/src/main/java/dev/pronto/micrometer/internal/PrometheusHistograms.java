package dev.pronto.micrometer.internal;

import dev.pronto.core.RequestHistogram;
import dev.pronto.core.RequestTimer;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.NamingConvention;
import io.micrometer.core.instrument.noop.NoopTimer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Pronto's timers on a Micrometer {@link PrometheusMeterRegistry}, without Micrometer's {@code Timer} on the request
 * path: each series is a {@link RequestHistogram} (one cell per event loop), and this collector, registered in the
 * registry's {@code PrometheusRegistry}, turns them into the families a Micrometer timer with the same SLO buckets
 * exposes ({@code <name>_seconds} histogram with {@code _bucket}, {@code _count}, {@code _sum}, and the
 * {@code <name>_seconds_max} gauge), read at scrape time.
 *
 * <p>The name and tags are those Micrometer gives the timer: each series registers its Micrometer timer once, takes
 * the id the registry's meter filters and naming convention made of it (common tags, renames), and removes it again;
 * a filter that denies the timer leaves the series unrecorded. A scrape that runs during that first registration of a
 * series can see the family twice and fail once.
 */
public final class PrometheusHistograms implements MultiCollector {
    private static final String REGISTRY_CLASS = "io.micrometer.prometheusmetrics.PrometheusMeterRegistry";
    private static final double[] BOUNDS_SECONDS = bounds();

    private record Series(String name, String help, Labels labels, RequestHistogram histogram) {
    }

    private final MeterRegistry registry;
    private final List<Series> series = new CopyOnWriteArrayList<>();

    private PrometheusHistograms(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * The collector of {@code registry}, registered in it, when it is Micrometer's Prometheus registry; else null.
     * Compares class names, so this module runs without {@code micrometer-registry-prometheus}.
     */
    public static PrometheusHistograms attachTo(MeterRegistry registry) {
        for (Class<?> c = registry.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals(REGISTRY_CLASS)) {
                PrometheusHistograms histograms = new PrometheusHistograms((PrometheusMeterRegistry) registry);
                ((PrometheusMeterRegistry) registry).getPrometheusRegistry().register(histograms);
                return histograms;
            }
        }
        return null;
    }

    /** The recording path of the timer {@code timer} describes; called once per series (twice records into one). */
    public synchronized RequestTimer add(Timer.Builder timer) {
        Timer probe = timer.register(registry);
        Meter.Id id = probe.getId();
        if (probe instanceof NoopTimer) {
            return nanos -> { };
        }
        registry.remove(probe);
        NamingConvention convention = registry.config().namingConvention();
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Tag tag : id.getConventionTags(convention)) {
            names.add(tag.getKey());
            values.add(tag.getValue());
        }
        Labels labels = Labels.of(names, values);
        String name = id.getConventionName(convention);
        for (Series s : series) {
            if (s.name().equals(name) && s.labels().equals(labels)) {
                return s.histogram();
            }
        }
        RequestHistogram histogram = RequestHistogram.create();
        String help = id.getDescription() == null ? " " : id.getDescription();
        series.add(new Series(name, help, labels, histogram));
        return histogram;
    }

    @Override
    public MetricSnapshots collect() {
        Map<String, HistogramSnapshot.Builder> histograms = new LinkedHashMap<>();
        Map<String, GaugeSnapshot.Builder> maxima = new LinkedHashMap<>();
        for (Series s : series) {
            RequestHistogram.Snapshot read = s.histogram().snapshot();
            histograms.computeIfAbsent(s.name(), n -> HistogramSnapshot.builder().name(n).help(s.help()))
                    .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(s.labels())
                            .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS_SECONDS, read.counts()))
                            .sum(read.sumNanos() / 1e9).build());
            maxima.computeIfAbsent(s.name() + "_max", n -> GaugeSnapshot.builder().name(n).help(s.help()))
                    .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(s.labels())
                            .value(read.maxNanos() / 1e9).build());
        }
        List<MetricSnapshot> out = new ArrayList<>();
        histograms.values().forEach(b -> out.add(b.build()));
        maxima.values().forEach(b -> out.add(b.build()));
        return new MetricSnapshots(out);
    }

    // Micrometer's bounds: its SLO durations in nanoseconds, in seconds, then +Inf
    private static double[] bounds() {
        long[] nanos = RequestHistogram.boundsNanos();
        double[] seconds = Arrays.copyOf(Arrays.stream(nanos).mapToDouble(n -> n / 1e9).toArray(), nanos.length + 1);
        seconds[nanos.length] = Double.POSITIVE_INFINITY;
        return seconds;
    }
}
