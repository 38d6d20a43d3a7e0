package dev.pronto.jmh.h3;

/**
 * A log-linear histogram of latencies in microseconds (exact below 64 µs, then 32 sub-buckets per power
 * of two: within about 3 %), for percentiles without keeping every sample. One thread only.
 */
final class Latencies {
    private static final int SUB = 32;
    private final long[] counts = new long[64 * SUB];
    private long total;
    private long max;

    void record(long micros) {
        long v = Math.max(0, micros);
        counts[index(v)]++;
        total++;
        max = Math.max(max, v);
    }

    private static int index(long v) {
        if (v < 2 * SUB) {
            return (int) v;
        }
        int exp = 63 - Long.numberOfLeadingZeros(v); // v in [2^exp, 2^(exp+1))
        int sub = (int) ((v >>> (exp - 5)) & (SUB - 1));
        return (exp - 5) * SUB + SUB + sub;
    }

    /** The lower bound, in microseconds, of the bucket at {@code i}. */
    private static long lower(int i) {
        if (i < 2 * SUB) {
            return i;
        }
        int exp = (i - SUB) / SUB + 5;
        int sub = (i - SUB) % SUB;
        return (1L << exp) + ((long) sub << (exp - 5));
    }

    long count() {
        return total;
    }

    long max() {
        return max;
    }

    /** The latency below which {@code p} (0..1) of the samples fall, in microseconds. */
    long percentile(double p) {
        long rank = (long) Math.ceil(p * total);
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank && counts[i] > 0) {
                return lower(i);
            }
        }
        return max;
    }
}
