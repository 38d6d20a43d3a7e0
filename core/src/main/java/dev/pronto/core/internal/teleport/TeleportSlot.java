package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeSlot;

/** What a teleport connection keeps on each exchange: its message id and its place among those in flight. */
final class TeleportSlot implements ExchangeSlot {
    /** The id of the request message, written before its response; 0: fire-and-forget, no response. */
    int id;
    /** Index in the connection's {@link TeleportPending}; -1 when not in it. */
    int index = -1;

    static TeleportSlot of(Exchange e) {
        return (TeleportSlot) e.slot;
    }

    @Override
    public void clear() {
        // index is TeleportPending's: it sets -1 whenever an exchange leaves it
        id = 0;
    }
}
