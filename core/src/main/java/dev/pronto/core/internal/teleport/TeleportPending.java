package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import dev.pronto.core.internal.exchange.ExchangeState;
import java.util.Arrays;

/**
 * The requests of a teleport connection that were dispatched and not yet answered, in no order:
 * an array where each exchange knows its slot ({@link TeleportSlot#index}), so adding and
 * removing cost O(1) and allocate nothing per request. Each slot also keeps the bytes its request
 * body holds of the loop's {@link TeleportBudget}, given back when the exchange leaves. Event loop only.
 */
final class TeleportPending {
    private Exchange[] slots = new Exchange[16];
    private long[] budget = new long[16];
    private int count;

    int size() {
        return count;
    }

    /** Adds {@code e}, whose body holds {@code held} bytes of the loop's budget. */
    void add(Exchange e, long held) {
        if (count == slots.length) {
            slots = Arrays.copyOf(slots, count * 2);
            budget = Arrays.copyOf(budget, count * 2);
        }
        TeleportSlot.of(e).index = count;
        budget[count] = held;
        slots[count++] = e;
    }

    /** Removes {@code e} if it is here; returns the budget bytes its body held (0 if absent). */
    long remove(Exchange e) {
        TeleportSlot own = TeleportSlot.of(e);
        int slot = own.index;
        if (slot < 0) {
            return 0;
        }
        long held = budget[slot];
        Exchange last = slots[--count];
        slots[slot] = last;
        budget[slot] = budget[count];
        TeleportSlot.of(last).index = slot;
        slots[count] = null;
        own.index = -1;
        return held;
    }

    /** Answers 503 every open exchange received at or before {@code receivedBy} (the response timeout). */
    void timeOut(long receivedBy) {
        // backwards: an answer removes its exchange, moving the last one into its slot
        for (int i = count - 1; i >= 0; i--) {
            Exchange e = slots[Math.min(i, count - 1)];
            if (ExchangeState.open(e.state()) && e.receivedNanos() - receivedBy <= 0) {
                Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
            }
        }
    }

    /** Empties the list, aborting each exchange (one still held by a handler is freed when let go); returns the budget bytes held. */
    long abortAll(ExchangePool pool) {
        long held = 0;
        for (int i = 0; i < count; i++) {
            Exchange e = slots[i];
            slots[i] = null;
            held += budget[i];
            TeleportSlot.of(e).index = -1;
            pool.abandon(e);
        }
        count = 0;
        return held;
    }
}
