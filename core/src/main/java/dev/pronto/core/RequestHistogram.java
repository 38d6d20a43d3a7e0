package dev.pronto.core;

import dev.pronto.core.internal.util.LoopCells;
import java.util.Arrays;

/**
 * A request-latency histogram with the buckets of {@link MeterNames#latencyBucketsSeconds()}, recorded in one
 * cell per event loop and summed when read: a request writes only its own loop's cell (plain increments, no CAS,
 * no shared cache line, no allocation, no clock read), and a scrape reads every cell. Both metrics backends keep
 * one per series: the built-in {@link Metrics} and {@code pronto-micrometer} on a Prometheus registry.
 *
 * <p>Thread-safe: {@link #record(long)} from any thread (threads other than event loops share one synchronized
 * cell), {@link #snapshot()} from any thread. A snapshot never sees a torn value (cells are written and read
 * with opaque 64-bit accesses) and its counts never go back between snapshots; it is not atomic across cells,
 * so a request recorded during a scrape may be in the count and not yet in the sum.
 */
public final class RequestHistogram implements RequestTimer {
    private static final long[] BOUNDS = Arrays.stream(MeterNames.latencyBucketsSeconds())
            .mapToLong(s -> Math.round(s * 1e9)).toArray();
    // A cell, from LoopCells.FIRST: the bucket counts (the last one is +Inf), the sum, the max of this window and of
    // the previous one, and the window the max belongs to.
    private static final int BUCKET = LoopCells.FIRST;
    private static final int SUM = BUCKET + BOUNDS.length + 1;
    private static final int MAX = SUM + 1;
    private static final int PREVIOUS_MAX = MAX + 1;
    private static final int WINDOW = PREVIOUS_MAX + 1;
    private static final int WIDTH = WINDOW + 1 - BUCKET;
    private final LoopCells cells = new LoopCells(WIDTH);

    private RequestHistogram() {
    }

    /** An empty histogram. */
    public static RequestHistogram create() {
        return new RequestHistogram();
    }

    /** Records one request of {@code nanos} (negative counts as 0); any thread, allocation-free once warm. */
    @Override
    public void record(long nanos) {
        long[] cell = cells.mine();
        if (cell != null) {
            write(cell, Math.max(0, nanos), MaxWindow.current());
        } else {
            long[] shared = cells.shared();
            synchronized (shared) {
                write(shared, Math.max(0, nanos), MaxWindow.current());
            }
        }
    }

    // The one writer of the cell: plain reads of its own values, opaque writes so a reader never sees a torn long.
    private static void write(long[] cell, long nanos, long window) {
        int b = 0;
        while (b < BOUNDS.length && nanos > BOUNDS[b]) {
            b++;
        }
        LoopCells.set(cell, BUCKET + b, cell[BUCKET + b] + 1);
        LoopCells.set(cell, SUM, cell[SUM] + nanos);
        if (cell[WINDOW] != window) {
            LoopCells.set(cell, PREVIOUS_MAX, cell[WINDOW] == window - 1 ? cell[MAX] : 0L);
            LoopCells.set(cell, MAX, 0L);
            LoopCells.set(cell, WINDOW, window);
        }
        if (nanos > cell[MAX]) {
            LoopCells.set(cell, MAX, nanos);
        }
    }

    /**
     * The counts so far, summed over every cell. Also advances the window of {@link Snapshot#maxNanos()} when the
     * current one is at least a minute old.
     */
    public Snapshot snapshot() {
        long window = MaxWindow.current();
        long[] counts = new long[BOUNDS.length + 1];
        long[] totals = new long[2];
        for (long[] cell : cells.cells()) {
            if (cell != null) {
                read(cell, counts, totals, window);
            }
        }
        MaxWindow.advanceIfDue();
        return new Snapshot(counts, totals[0], totals[1]);
    }

    private static void read(long[] cell, long[] counts, long[] totals, long window) {
        for (int b = 0; b < counts.length; b++) {
            counts[b] += LoopCells.get(cell, BUCKET + b);
        }
        totals[0] += LoopCells.get(cell, SUM);
        long cellWindow = LoopCells.get(cell, WINDOW);
        long max = LoopCells.get(cell, MAX);
        if (cellWindow == window) {
            max = Math.max(max, LoopCells.get(cell, PREVIOUS_MAX));
        } else if (cellWindow != window - 1) {
            max = 0;
        }
        totals[1] = Math.max(totals[1], max);
    }

    /** The upper bounds of the buckets in nanoseconds, without the last, infinite one (a fresh copy). */
    public static long[] boundsNanos() {
        return BOUNDS.clone();
    }

    /**
     * A read of a {@link RequestHistogram}.
     *
     * @param counts requests per bucket, not cumulative: one per bound of {@link #boundsNanos()} (those at most
     *               that bound and above the previous one), then those above the last bound
     * @param sumNanos the total time of the requests counted
     * @param maxNanos the longest request of the current window and the previous one (a window lasts from one
     *                 snapshot to the first snapshot at least a minute later), 0 when none
     */
    public record Snapshot(long[] counts, long sumNanos, long maxNanos) {
        /** The number of requests: the sum of {@link #counts()}. */
        public long count() {
            long n = 0;
            for (long c : counts) {
                n += c;
            }
            return n;
        }
    }

    /** The max windows, shared by every histogram: read by each request, advanced by snapshots. */
    private static final class MaxWindow {
        private static final long LENGTH_NANOS = 60_000_000_000L;
        private static volatile long current = 1;
        private static long startedNanos = System.nanoTime();

        static long current() {
            return current;
        }

        static synchronized void advanceIfDue() {
            long now = System.nanoTime();
            if (now - startedNanos >= LENGTH_NANOS) {
                startedNanos = now;
                current = current + 1;
            }
        }
    }
}
