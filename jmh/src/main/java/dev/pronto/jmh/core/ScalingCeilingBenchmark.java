package dev.pronto.jmh.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The machine's own two-thread ceiling, the yardstick of {@link PlaintextScalingBenchmark}: work that shares nothing
 * between threads (each thread mixes its own 16 KiB, in its own core's L1/L2 cache), at one thread and at two. On two
 * free physical cores {@code twoThreads} is twice {@code oneThread}; on virtual CPUs that share a core, or beside
 * other load, it is less, and no server can scale better than this on the same machine.
 */
@Fork(value = 2, jvmArgsAppend = "--sun-misc-unsafe-memory-access=allow")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ScalingCeilingBenchmark {
    /** One thread's own data. */
    @State(Scope.Thread)
    public static class Own {
        final long[] words = new long[2048];
        long seed = System.nanoTime();
    }

    /** One thread: passes over its own data per microsecond. */
    @Benchmark
    @Threads(1)
    public long oneThread(Own own) {
        return mix(own);
    }

    /** Two threads, each over its own data: passes per microsecond of both together. */
    @Benchmark
    @Threads(2)
    public long twoThreads(Own own) {
        return mix(own);
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
}
