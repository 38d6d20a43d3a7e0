package dev.pronto.grpc.internal;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one call's listener callbacks one at a time and in order, as grpc-java requires of a
 * {@code ServerCall.Listener}. Over a direct executor the first caller drains inline (the event
 * loop, for non-blocking services), and callbacks that re-enter (a listener calling
 * {@code request(1)}) are queued instead of recursing; over a virtual-thread executor one drain
 * task at a time runs the queue, so a blocking service never blocks the event loop.
 */
final class SerialExecutor implements Executor {
    /** Runs tasks on the calling thread. */
    static final Executor DIRECT = Runnable::run;

    private final Executor target;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean();

    SerialExecutor(Executor target) {
        this.target = target;
    }

    @Override
    public void execute(Runnable task) {
        if (target == DIRECT && running.compareAndSet(false, true)) {
            // nothing running or queued (the common case on the event loop): run it without a queue node
            if (tasks.isEmpty()) {
                try {
                    task.run();
                } finally {
                    drain();
                }
                return;
            }
            tasks.add(task);
            drain();
            return;
        }
        tasks.add(task);
        schedule();
    }

    private void schedule() {
        if (running.compareAndSet(false, true)) {
            target.execute(this::drain);
        }
    }

    private void drain() {
        try {
            Runnable task;
            while ((task = tasks.poll()) != null) {
                task.run();
            }
        } finally {
            running.set(false);
        }
        // a task queued between the last poll and the reset would otherwise wait for the next execute
        if (!tasks.isEmpty()) {
            schedule();
        }
    }
}
