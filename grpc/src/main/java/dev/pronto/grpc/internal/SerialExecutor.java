package dev.pronto.grpc.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;

/**
 * Runs one call's listener callbacks one at a time and in order, as grpc-java requires of a
 * {@code ServerCall.Listener}. Over a direct executor the first caller drains inline (the event
 * loop, for non-blocking services), and callbacks that re-enter (a listener calling
 * {@code request(1)}) are queued instead of recursing; over a virtual-thread executor one drain
 * task at a time runs the queue, so a blocking service never blocks the event loop.
 *
 * <p>Callers pass a shared action and its arguments ({@link #execute(BiConsumer, Object, Object)}):
 * a callback run inline, the common case on the event loop, then allocates nothing, and neither
 * does one callback submitted from inside a running one on the draining thread (a unary call's
 * {@code request(2)} from {@code startCall}, its {@code onComplete} after {@code close}), which
 * waits in a slot of its own; only a task queued beyond that, or from another thread, is wrapped.
 * The queue itself is created on first use.
 */
final class SerialExecutor implements Executor {
    /** Runs tasks on the calling thread. */
    static final Executor DIRECT = Runnable::run;
    private static final VarHandle RUNNING;
    private static final VarHandle TASKS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            RUNNING = lookup.findVarHandle(SerialExecutor.class, "running", int.class);
            TASKS = lookup.findVarHandle(SerialExecutor.class, "tasks", Queue.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Executor target;
    @SuppressWarnings("unused") // through TASKS
    private volatile Queue<Runnable> tasks;
    @SuppressWarnings("unused") // through RUNNING: 1 while a drain runs
    private volatile int running;
    /** The thread running callbacks, while one does; only that thread touches the slot. */
    private volatile Thread owner;
    private BiConsumer<Object, Object> slotAction;
    private Object slotA;
    private Object slotB;

    SerialExecutor(Executor target) {
        this.target = target;
    }

    @Override
    public void execute(Runnable task) {
        execute(SerialExecutor::run, task, null);
    }

    /** Runs {@code action.accept(a, b)} after the callbacks already submitted, never beside one. */
    @SuppressWarnings("unchecked")
    <A, B> void execute(BiConsumer<A, B> action, A a, B b) {
        Thread current = Thread.currentThread();
        if (owner == current && slotAction == null && queueEmpty()) {
            // re-entered from a callback on this thread: nothing else can be queued before it
            slotAction = (BiConsumer<Object, Object>) action;
            slotA = a;
            slotB = b;
            return;
        }
        if (target == DIRECT && RUNNING.compareAndSet(this, 0, 1)) {
            owner = current;
            if (queueEmpty() && slotAction == null) {
                // nothing running or queued: run it here, without a task or a queue node
                try {
                    action.accept(a, b);
                } finally {
                    drain();
                }
                return;
            }
            queue().add(() -> action.accept(a, b));
            drain();
            return;
        }
        queue().add(() -> action.accept(a, b));
        schedule();
    }

    private boolean queueEmpty() {
        Queue<Runnable> q = tasks;
        return q == null || q.isEmpty();
    }

    private static void run(Runnable task, Object unused) {
        task.run();
    }

    private Queue<Runnable> queue() {
        Queue<Runnable> q = tasks;
        if (q == null) {
            q = new ConcurrentLinkedQueue<>();
            if (!TASKS.compareAndSet(this, null, q)) {
                q = tasks;
            }
        }
        return q;
    }

    private void schedule() {
        if (RUNNING.compareAndSet(this, 0, 1)) {
            target.execute(this::drain);
        }
    }

    private void drain() {
        owner = Thread.currentThread();
        Queue<Runnable> q;
        try {
            while (true) {
                BiConsumer<Object, Object> action = slotAction;
                if (action != null) {
                    Object a = slotA;
                    Object b = slotB;
                    slotAction = null;
                    slotA = null;
                    slotB = null;
                    action.accept(a, b);
                    continue;
                }
                // re-read: a callback run here may create the queue
                q = tasks;
                Runnable task = q == null ? null : q.poll();
                if (task == null) {
                    break;
                }
                task.run();
            }
        } finally {
            owner = null;
            running = 0;
        }
        // a task queued between the last poll and the reset would otherwise wait for the next execute
        q = tasks;
        if (q != null && !q.isEmpty()) {
            schedule();
        }
    }
}
