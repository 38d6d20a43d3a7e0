package dev.pronto.jmh.core;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * {@link PlaintextScalingBenchmark}'s one loop and two loops in one JVM, phase after phase: the same compiled code and
 * the same heap on both sides of every ratio, which separate JMH forks (each its own JIT and layout) cannot give.
 * Each phase runs loop 0 alone or both loops for a few seconds and prints each loop's requests per microsecond and
 * how many collections ran during it, so a change of the two-loop level can be laid beside the collections.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.core.ScalingPhases micrometer 8 2} (backend, cycles, seconds
 * per phase); {@code jmh/load/scaling-phases.sh} runs it with JVM defaults and with the Dockerfile's flags. With a
 * fourth argument {@code trace}, both loops run throughout and every second prints its rates and collections, one
 * line per second for {@code cycles × 2 × seconds} seconds.
 */
public final class ScalingPhases {
    private static final int BATCH = 1000;
    /** Each loop's count two cache lines from the other's and from the array's ends. */
    private static final int[] SLOT = {16, 48};

    private final AtomicLongArray served = new AtomicLongArray(64);
    private final Thread[] loops = new Thread[2]; // written before started counts down, read after
    private volatile int running;

    private ScalingPhases() {
    }

    /**
     * Runs until its phases are done; arguments: backend ({@code none}, {@code metrics}, {@code micrometer} or
     * {@code netty}), cycles, seconds per phase, and optionally {@code trace}. Prints one line per phase (or second).
     */
    public static void main(String[] args) throws InterruptedException {
        PlaintextScalingBenchmark.Shared shared = new PlaintextScalingBenchmark.Shared();
        shared.metrics = args.length > 0 ? args[0] : "micrometer";
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        shared.setup();
        ScalingPhases phases = new ScalingPhases();
        phases.start(shared);
        if (args.length > 3 && "trace".equals(args[3])) {
            phases.trace(cycles * 2 * seconds);
        } else {
            phases.alternate(cycles, seconds);
        }
    }

    /** Starts both loops, each an event loop serving its own channel, as {@link EventLoopThreadExecutor} runs JMH's. */
    private void start(PlaintextScalingBenchmark.Shared shared) throws InterruptedException {
        EventLoopThreadExecutor executor = new EventLoopThreadExecutor(2, "loop");
        CountDownLatch started = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            int id = i;
            executor.execute(() -> {
                loops[id] = Thread.currentThread();
                started.countDown();
                serve(shared.channel(), id);
            });
        }
        started.await();
        run(2);
        Thread.sleep(8000); // warm-up: both loops, so both threads' objects exist before anything is counted
    }

    private void trace(int seconds) throws InterruptedException {
        System.out.println("second loops loop0/us loop1/us total/us collections");
        for (int s = 1; s <= seconds; s++) {
            print(s, 2, count(1));
        }
    }

    private void alternate(int cycles, int seconds) throws InterruptedException {
        System.out.println("cycle loops loop0/us loop1/us total/us collections");
        for (int c = 1; c <= cycles; c++) {
            for (int n = 1; n <= 2; n++) {
                run(n);
                Thread.sleep(500); // the loop that was parked or stopped settles before anything is counted
                print(c, n, count(seconds));
            }
        }
    }

    /** Lets loops 0 to {@code n - 1} run, waking any that is parked; the others park after their batch. */
    private void run(int n) {
        running = n;
        for (int i = 0; i < n; i++) {
            LockSupport.unpark(loops[i]);
        }
    }

    /** One line: the cycle or second, how many loops ran, each loop's rate and both, the collections. */
    private static void print(int index, int loops, double[] rate) {
        System.out.printf(Locale.ROOT, "%d %d %.3f %.3f %.3f %d%n", index, loops, rate[0], rate[1], rate[0] + rate[1],
                (long) rate[2]);
    }

    /** Counts for {@code seconds}: each loop's requests per microsecond and the collections meanwhile. */
    private double[] count(int seconds) throws InterruptedException {
        long gc0 = collections();
        long a0 = served.get(SLOT[0]);
        long b0 = served.get(SLOT[1]);
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long t1 = System.nanoTime();
        double us = (t1 - t0) / 1e3;
        return new double[] {(served.get(SLOT[0]) - a0) / us, (served.get(SLOT[1]) - b0) / us, collections() - gc0};
    }

    // Hot loop: one event loop's requests, counted per batch so the count costs nothing per request.
    private void serve(SinkChannel channel, int id) {
        long count = 0;
        while (true) {
            if (id < running) {
                for (int k = 0; k < BATCH; k++) {
                    InMemoryExchange.exchange(channel, InMemoryExchange.PLAINTEXT);
                }
                count += BATCH;
                served.lazySet(SLOT[id], count);
            } else {
                LockSupport.park(); // an idle event loop sleeps; the controller wakes it for its next phase
            }
        }
    }

    private static long collections() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionCount());
        }
        return sum;
    }
}
