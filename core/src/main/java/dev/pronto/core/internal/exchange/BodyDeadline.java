package dev.pronto.core.internal.exchange;

import dev.pronto.core.ServerConfig;

/**
 * The two limits on a request body in arrival, shared by the HTTP/1.1 and HTTP/2 timers: no new
 * bytes for {@code bodyReadTimeout}, and an average below {@code minBodyRate} once the body has
 * been arriving for {@code minBodyRateGrace}. Callers measure on the connection's reading clock
 * ({@link ReadGate#readingTime}), so time the server stopped reading never counts. Pure arithmetic
 * on values the connection already keeps: nothing per read. Immutable.
 */
public final class BodyDeadline {
    private static final double NANOS_PER_SECOND = 1e9;
    private final long silenceNanos;
    private final long rate;
    private final long graceNanos;

    public BodyDeadline(ServerConfig config) {
        this.silenceNanos = config.bodyReadTimeout().toNanos();
        this.rate = config.minBodyRate();
        this.graceNanos = config.minBodyRateGrace().toNanos();
    }

    /**
     * The limit the timer's period follows: the silence one. The rate is checked at whatever tick
     * comes first after the grace (a little late at worst), rather than ticking every connection faster.
     */
    public long period() {
        return silenceNanos;
    }

    /** Whether a body that received nothing for {@code quietNanos} has stalled. */
    public boolean silent(long quietNanos) {
        return quietNanos >= silenceNanos;
    }

    /** Whether {@code bytes} in {@code elapsedNanos} of arrival fall below the least rate, past the grace. */
    public boolean tooSlow(long bytes, long elapsedNanos) {
        // in floating point: bytes times a billion would overflow a long past 9 GB
        return rate > 0 && elapsedNanos >= graceNanos && bytes * NANOS_PER_SECOND / elapsedNanos < rate;
    }
}
