package dev.pronto.core.internal.teleport;

import io.netty.util.concurrent.FastThreadLocal;
import java.util.ArrayDeque;

/**
 * The bytes of buffered request bodies that the teleport connections of one event loop hold at
 * once: received (plain or inflated) for a buffered route, from their head until their exchange
 * is answered. A body is admitted when it fits under the limit or when nothing else is held on the
 * loop (so one body up to maxBodySize always goes through); otherwise its connection stops reading
 * until bodies held elsewhere are answered. An admitted body is never paused by the budget, so two
 * half-received bodies cannot wait on each other. Streamed bodies do not count: they are bounded by
 * the streaming consumer's own high mark. Event loop only: one instance per event-loop thread.
 */
final class TeleportBudget {
    /** Bytes of buffered teleport request bodies one event loop holds before connections wait. */
    static final long LOOP_LIMIT = 32L * 1024 * 1024;

    private static final FastThreadLocal<TeleportBudget> LOOPS = new FastThreadLocal<>() {
        @Override
        protected TeleportBudget initialValue() {
            return new TeleportBudget(LOOP_LIMIT);
        }
    };

    private final long limit;
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private long held;

    TeleportBudget(long limit) {
        this.limit = limit;
    }

    /** The budget of the calling event-loop thread. */
    static TeleportBudget ofThisLoop() {
        return LOOPS.get();
    }

    /** Bytes held now. */
    long held() {
        return held;
    }

    /**
     * Takes {@code n} bytes when nothing is held, or when they fit and no connection waits (a large
     * body waiting is not overtaken for ever by small ones); false leaves the budget as it was.
     */
    boolean admit(long n) {
        if (held != 0 && (held + n > limit || !waiting.isEmpty())) {
            return false;
        }
        held += n;
        return true;
    }

    /** Takes {@code n} bytes whether or not they fit: the growth of a body already admitted. */
    void take(long n) {
        held += n;
    }

    /** Gives {@code n} bytes back and wakes the connections waiting, oldest first, while room is left. */
    void release(long n) {
        if (n == 0) {
            return;
        }
        held -= n;
        // each woken connection retries at once and may wait again: wake at most those waiting now
        for (int i = waiting.size(); i > 0 && held < limit && !waiting.isEmpty(); i--) {
            waiting.poll().run();
        }
    }

    /** Runs {@code wake} once room frees up; a connection waits at most once at a time. */
    void await(Runnable wake) {
        waiting.add(wake);
    }

    /** Forgets a waiting connection that closed. */
    void cancel(Runnable wake) {
        waiting.remove(wake);
    }
}
