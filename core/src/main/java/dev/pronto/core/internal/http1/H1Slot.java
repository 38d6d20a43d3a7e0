package dev.pronto.core.internal.http1;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeSlot;

/** An exchange's place in its HTTP/1.1 connection's response order ({@link ResponseQueue}). Event loop only. */
final class H1Slot implements ExchangeSlot {
    /** Written straight to the channel: nothing was queued ahead of it when it was dispatched. */
    boolean direct;
    /** Encoded response parts waiting for their turn (ByteBuf or FileRegion). */
    Object out1;
    Object out2;
    /** Chunks of a streamed response produced while not at the head of the queue. */
    java.util.ArrayDeque<Object> held;
    /** The exchange behind this one in the queue. */
    Exchange next;

    static H1Slot of(Exchange e) {
        return (H1Slot) e.slot;
    }

    @Override
    public void clear() {
        Exchange.release(out1);
        Exchange.release(out2);
        out1 = null;
        out2 = null;
        if (held != null) {
            held.forEach(Exchange::release);
            held.clear();
        }
        direct = false;
        next = null;
    }
}
