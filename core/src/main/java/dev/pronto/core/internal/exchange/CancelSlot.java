package dev.pronto.core.internal.exchange;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An exchange's {@code Response.onCancel} action, kept with the generation it was registered for, so that a
 * registration from another thread that races the event loop's recycling can never be run by (or taken from)
 * the next request on the same exchange. The state is the exchange's own {@link Exchange#cancelHeld} field, not an
 * object of its own: one object fewer that every request of a pooled exchange reads, and that the collector could
 * place on a line another event loop writes. A registration allocates one small holder, a request that registers
 * nothing allocates nothing. Any thread.
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
            HELD = MethodHandles.lookup().findVarHandle(Exchange.class, "cancelHeld", Registered.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** An action and the generation it belongs to. */
    record Registered(int generation, Runnable action) {
    }

    private CancelSlot() {
    }

    /**
     * Registers {@code action} for generation {@code gen} of {@code x}, replacing an earlier one of that generation;
     * runs it at once when {@code gen} is already aborted.
     */
    static void register(Exchange x, int gen, Runnable action) {
        Registered mine = new Registered(gen, action);
        for (;;) {
            Registered cur = x.cancelHeld;
            if (cur != null && cur.generation != gen && cur.generation == ExchangeState.generation(x.stamp())) {
                return;  // this caller's generation is over and the next one has its own action: leave it
            }
            if (HELD.compareAndSet(x, cur, mine)) {
                break;
            }
        }
        // read after registering: an abort between the caller's check and here found nothing to run
        int s = x.stamp();
        if (ExchangeState.generation(s) != gen) {
            HELD.compareAndSet(x, mine, null);
        } else if (ExchangeState.state(s) == ExchangeState.ABORTED) {
            run(x, gen);
        }
    }

    /** Generation {@code gen} of {@code x} was aborted: runs its action, if one is registered and nobody took it. */
    static void run(Exchange x, int gen) {
        Runnable action = take(x, gen);
        if (action != null) {
            try {
                action.run();
            } catch (RuntimeException ignored) {
                // the exchange is gone either way; a failing listener must not break the carrier's cleanup
            }
        }
    }

    /** Takes generation {@code gen}'s action of {@code x}, for the caller to run; null when none or it was taken. */
    static Runnable take(Exchange x, int gen) {
        for (;;) {
            Registered cur = x.cancelHeld;
            if (cur == null || cur.generation != gen) {
                return null;
            }
            if (HELD.compareAndSet(x, cur, null)) {
                return cur.action;
            }
        }
    }

    /** A generation of {@code x} ends (event loop, before the next one starts): drops what it registered. */
    static void clear(Exchange x) {
        // most generations register nothing: a store of null over null would still take the line from other cores
        if (x.cancelHeld != null) {
            HELD.setRelease(x, (Registered) null);
        }
    }
}
