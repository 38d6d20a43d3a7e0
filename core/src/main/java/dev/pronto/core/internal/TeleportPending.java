package dev.pronto.core.internal;

import java.util.Arrays;

/**
 * The requests of a teleport connection that were dispatched and not yet answered, in no order:
 * an array where each exchange knows its slot ({@link Exchange#teleportSlot}), so adding and
 * removing cost O(1) and allocate nothing per request. Event loop only.
 */
final class TeleportPending {
    private Exchange[] slots = new Exchange[16];
    private int count;

    int size() {
        return count;
    }

    void add(Exchange e) {
        if (count == slots.length) {
            slots = Arrays.copyOf(slots, count * 2);
        }
        e.teleportSlot = count;
        slots[count++] = e;
    }

    /** Removes {@code e} if it is here. */
    void remove(Exchange e) {
        int slot = e.teleportSlot;
        if (slot < 0) {
            return;
        }
        Exchange last = slots[--count];
        slots[slot] = last;
        last.teleportSlot = slot;
        slots[count] = null;
        e.teleportSlot = -1;
    }

    /** Answers 503 every open exchange received at or before {@code receivedBy} (the response timeout). */
    void timeOut(long receivedBy) {
        // backwards: an answer removes its exchange, moving the last one into its slot
        for (int i = count - 1; i >= 0; i--) {
            Exchange e = slots[Math.min(i, count - 1)];
            if (ExchangeState.open(e.state()) && e.receivedNanos - receivedBy <= 0) {
                Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
            }
        }
    }

    /** Empties the list, aborting each exchange; one still held by a handler is freed when let go. */
    void abortAll(ServerContext server) {
        for (int i = 0; i < count; i++) {
            Exchange e = slots[i];
            slots[i] = null;
            e.teleportSlot = -1;
            if (e.abort() && e.stream != null) {
                e.stream.fail(new java.nio.channels.ClosedChannelException());
            }
            server.releaseInFlight(e);
            e.finished = true;
            if (e.holds == 0) {
                e.releaseResources();
            }
        }
        count = 0;
    }
}
