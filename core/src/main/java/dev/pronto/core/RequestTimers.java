package dev.pronto.core;

/**
 * A metrics backend for request timings: the built-in Prometheus text ({@link Metrics}) or
 * {@code pronto-micrometer}'s {@code MeterRegistry} binding. {@link RequestMetrics} calls it once
 * per distinct series and caches the timer, so the backend's own lookup cost and allocation stay
 * off the request path.
 */
@FunctionalInterface
public interface RequestTimers {
    /**
     * The timer of the series {@code tags}. May be called from any thread, rarely twice for the same
     * tags when two requests race: both calls must then record into the same series.
     */
    RequestTimer timer(RequestTags tags);
}
