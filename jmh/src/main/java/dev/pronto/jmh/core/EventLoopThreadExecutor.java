package dev.pronto.jmh.core;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Runs JMH's benchmark threads as tasks on Netty event loops ({@link DefaultEventLoopGroup}), one loop per benchmark
 * thread, so an in-memory server benchmark measures the path production runs. A FastThreadLocalThread alone is not
 * enough: Netty recycles some objects (an outbound buffer's {@code Entry}, for one) only on such threads, and its
 * adaptive allocator gives a thread its own magazines only while the thread runs an event executor. On threads that
 * run none, every buffer comes from magazines that all such threads share and lock, so two benchmark threads wrote
 * each other's lines on every request where a server's loops do not (docs/benchmarks.md, "The harness's threads were
 * not event loops").
 * Used through {@code -Djmh.executor=CUSTOM -Djmh.executor.class=dev.pronto.jmh.core.EventLoopThreadExecutor} (see
 * {@link PlaintextBenchmark}); JMH creates it with the thread count and a name prefix.
 *
 * <p>Each task takes a loop that is running nothing. A task's future completes a moment before its loop is free
 * again, so a task submitted while every loop is busy waits up to {@link #WAIT_NANOS} for one; after that it is
 * rejected, since queueing it behind a benchmark thread that waits for it would hang the run. Thread-safe.
 */
public final class EventLoopThreadExecutor extends AbstractExecutorService {
    /** How long a task waits for a loop to finish the task before it: ten seconds. */
    static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final DefaultEventLoopGroup group;
    private final EventExecutor[] loops;
    private final AtomicIntegerArray busy;

    /** Called by JMH: {@code threads} event loops, their threads named {@code prefix-N}. */
    public EventLoopThreadExecutor(int threads, String prefix) {
        group = new DefaultEventLoopGroup(threads, new DefaultThreadFactory(prefix, true));
        loops = new EventExecutor[threads];
        int i = 0;
        // The group's own iteration gives each loop exactly once; next() would only by its chooser's order.
        for (EventExecutor loop : group) {
            loops[i++] = loop;
        }
        busy = new AtomicIntegerArray(threads);
    }

    /**
     * Runs {@code task} on an idle loop, waiting for one if need be; throws {@link RejectedExecutionException} when
     * shut down or when no loop came free in time.
     */
    @Override
    public void execute(Runnable task) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (!group.isShuttingDown()) {
            for (int i = 0; i < loops.length; i++) {
                if (busy.compareAndSet(i, 0, 1)) {
                    run(i, task);
                    return;
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new RejectedExecutionException("all " + loops.length + " event loops are running a task");
            }
            Thread.onSpinWait();
        }
        throw new RejectedExecutionException("shut down");
    }

    private void run(int loop, Runnable task) {
        loops[loop].execute(() -> {
            try {
                task.run();
            } finally {
                busy.set(loop, 0);
            }
        });
    }

    /** Stops accepting tasks and lets the loops finish theirs and stop. */
    @Override
    public void shutdown() {
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    }

    /** As {@link #shutdown()}: a running task is not interrupted. Returns no tasks, since none wait in a queue. */
    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        return List.of();
    }

    /** Whether {@link #shutdown()} was called (the group is shutting down from then on). */
    @Override
    public boolean isShutdown() {
        return group.isShuttingDown();
    }

    /** Whether shut down and every loop has stopped. */
    @Override
    public boolean isTerminated() {
        return group.isTerminated();
    }

    /** Waits until every loop has stopped or the time is up; true if they all stopped. */
    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return group.awaitTermination(timeout, unit);
    }
}
