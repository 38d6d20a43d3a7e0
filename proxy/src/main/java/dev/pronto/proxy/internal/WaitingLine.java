package dev.pronto.proxy.internal;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests of a group that wait, first come first served, for a member's slot: the proxy's
 * backpressure. Bounded by the policy's {@code maxWaiting} (checked before joining, so concurrent
 * joins may pass it by at most the number of event loops). Each entry remembers the event loop of
 * its request so that it starts or is refused there, whichever loop freed the slot. A request whose
 * client went away (stream reset, connection closed) while it waited is dropped when its turn comes,
 * not sent: nobody would read the answer, and a load generator's abandoned requests would otherwise
 * hold up those of the next run. Any thread.
 */
final class WaitingLine {
    private final ConcurrentLinkedQueue<Entry> entries = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final int max;

    WaitingLine(int max) {
        this.max = max;
    }

    /** One waiting request, since {@code since} (nanoTime), of the request's {@code loop} (null off a loop). */
    static final class Entry {
        private final Waiter waiter;
        private final EventExecutor loop;
        private final long since;
        /** Set from the request's loop when its client went away. */
        private volatile boolean abandoned;

        Entry(Waiter waiter, EventExecutor loop, long since) {
            this.waiter = waiter;
            this.loop = loop;
            this.since = since;
        }

        long since() {
            return since;
        }

        boolean abandoned() {
            return abandoned;
        }

        void start(Member m, Members members) {
            run(() -> waiter.start(m), () -> members.release(m));
        }

        void refuse(String reason) {
            run(() -> waiter.refuse(reason), () -> { });
        }

        private void run(Runnable task, Runnable gone) {
            if (loop == null || loop.inEventLoop()) {
                task.run();
                return;
            }
            try {
                loop.execute(task);
            } catch (RejectedExecutionException shutDown) {
                gone.run();
            }
        }
    }

    /** Adds {@code w}; false (nothing added) when {@code max} requests already wait. */
    boolean join(Waiter w) {
        if (size.get() >= max) {
            return false;
        }
        size.incrementAndGet();
        Entry e = new Entry(w, ThreadExecutorMap.currentExecutor(), System.nanoTime());
        w.onAbandon(() -> e.abandoned = true);
        entries.add(e);
        return true;
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The longest-waiting entry, or null. */
    Entry poll() {
        Entry e = entries.poll();
        if (e != null) {
            size.decrementAndGet();
        }
        return e;
    }

    /** Requests waiting now. */
    int size() {
        return size.get();
    }
}
