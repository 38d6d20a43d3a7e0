package dev.pronto.jmh.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The machine's own two-thread ceiling, the yardstick of {@link PlaintextScalingBenchmark}: work that shares nothing
 * between threads (each thread mixes its own 16 KiB, in its own core's L1/L2 cache), at one thread and at two. On two
 * free physical cores {@code twoThreads} is twice {@code oneThread}; on virtual CPUs that share a core, or beside
 * other load, it is less, and no server can scale better than this on the same machine.
 *
 * <p>Two kinds of work ({@code -p work=}): {@code chain} is one dependent chain of shifts and xors, a few
 * instructions per cycle at most, which two hardware threads of one physical core can run side by side almost as fast
 * as two cores; {@code wide} runs four independent chains at once, as many instructions per cycle as a core issues, so
 * two virtual CPUs that the host has put on one core's two hardware threads would scale it well below 2x. The two
 * ratios together tell a shared core from a shared write.
 */
@Fork(value = 2, jvmArgsAppend = "--sun-misc-unsafe-memory-access=allow")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ScalingCeilingBenchmark {
    /** The kind of work, the same for every thread of a run. */
    @State(Scope.Benchmark)
    public static class Work {
        /** {@code chain}: one dependent chain; {@code wide}: four independent ones. */
        @Param({"chain", "wide"})
        public String work;

        boolean wide;

        @Setup
        public void setup() {
            wide = "wide".equals(work);
        }

        long pass(Own own) {
            return wide ? mixWide(own) : mix(own);
        }
    }

    /** One thread's own data. */
    @State(Scope.Thread)
    public static class Own {
        final long[] words = new long[2048];
        long seed = System.nanoTime();
    }

    /** One thread: passes over its own data per microsecond. */
    @Benchmark
    @Threads(1)
    public long oneThread(Own own, Work work) {
        return work.pass(own);
    }

    /** Two threads, each over its own data: passes per microsecond of both together. */
    @Benchmark
    @Threads(2)
    public long twoThreads(Own own, Work work) {
        return work.pass(own);
    }

    private static long mix(Own own) {
        long[] w = own.words;
        long x = own.seed;
        for (int i = 0; i < w.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            w[i] += x;
        }
        own.seed = x;
        return x;
    }

    // Four xorshift chains interleaved: no step waits on the one before it in another chain, so a core issues them
    // as fast as its ALUs allow, and a second hardware thread on the same core has little left to run on.
    private static long mixWide(Own own) {
        long[] w = own.words;
        long a = own.seed;
        long b = a * 0x9E3779B97F4A7C15L;
        long c = ~a;
        long d = a ^ 0x5DEECE66DL;
        for (int i = 0; i < w.length; i += 4) {
            a ^= a << 13;
            b ^= b << 13;
            c ^= c << 13;
            d ^= d << 13;
            a ^= a >>> 7;
            b ^= b >>> 7;
            c ^= c >>> 7;
            d ^= d >>> 7;
            a ^= a << 17;
            b ^= b << 17;
            c ^= c << 17;
            d ^= d << 17;
            w[i] += a;
            w[i + 1] += b;
            w[i + 2] += c;
            w[i + 3] += d;
        }
        own.seed = a ^ b ^ c ^ d;
        return own.seed;
    }
}
