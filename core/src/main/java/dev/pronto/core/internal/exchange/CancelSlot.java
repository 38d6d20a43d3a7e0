package dev.pronto.core.internal.exchange;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An exchange's {@code Response.onCancel} action, kept with the generation it was registered for, so that a
 * registration from another thread that races the event loop's recycling can never be run by (or taken from)
 * the next request on the same exchange. One per pooled {@link Exchange}; a registration allocates one small
 * holder, a request that registers nothing allocates nothing. Any thread.
 *
 * <p>Guarantees: an action runs at most once, only for its own generation, and only if that generation was
 * aborted (or its deadline answered 504, {@link #take}). It runs when registered on a generation already aborted.
 * A registration that arrives after its generation was recycled is dropped, not run, since a recycled generation
 * may have completed normally.
 */
final class CancelSlot {
    private static final VarHandle HELD;

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(CancelSlot.class, "held", Registered.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private record Registered(int generation, Runnable action) {
    }

    private volatile Registered held;

    /**
     * Registers {@code action} for generation {@code gen} of {@code x}, replacing an earlier one of that generation;
     * runs it at once when {@code gen} is already aborted.
     */
    void register(Exchange x, int gen, Runnable action) {
        Registered mine = new Registered(gen, action);
        for (;;) {
            Registered cur = held;
            if (cur != null && cur.generation != gen && cur.generation == ExchangeState.generation(x.stamp())) {
                return;  // this caller's generation is over and the next one has its own action: leave it
            }
            if (HELD.compareAndSet(this, cur, mine)) {
                break;
            }
        }
        // read after registering: an abort between the caller's check and here found nothing to run
        int s = x.stamp();
        if (ExchangeState.generation(s) != gen) {
            HELD.compareAndSet(this, mine, null);
        } else if (ExchangeState.state(s) == ExchangeState.ABORTED) {
            run(gen);
        }
    }

    /** Generation {@code gen} was aborted: runs its action, if one is registered and nobody took it. */
    void run(int gen) {
        Runnable action = take(gen);
        if (action != null) {
            try {
                action.run();
            } catch (RuntimeException ignored) {
                // the exchange is gone either way; a failing listener must not break the carrier's cleanup
            }
        }
    }

    /** Takes generation {@code gen}'s action, for the caller to run; null when none is registered or it was taken. */
    Runnable take(int gen) {
        for (;;) {
            Registered cur = held;
            if (cur == null || cur.generation != gen) {
                return null;
            }
            if (HELD.compareAndSet(this, cur, null)) {
                return cur.action;
            }
        }
    }

    /** The generation ends (event loop, before the next one starts): drops what it registered. */
    void clear() {
        HELD.setRelease(this, (Registered) null);
    }
}
