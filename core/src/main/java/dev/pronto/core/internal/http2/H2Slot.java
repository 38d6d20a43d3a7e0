package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeSlot;

/** What an HTTP/2 connection keeps on each exchange: its stream and its request body's timing. Event loop only. */
final class H2Slot implements ExchangeSlot {
    /** The stream carrying the exchange. */
    int streamId;
    /** While the body arrives: when the head and the latest DATA came, on the connection's reading clock. */
    long bodyStart;
    long lastData;

    static H2Slot of(Exchange e) {
        return (H2Slot) e.slot;
    }

    @Override
    public void clear() {
        streamId = 0;
        bodyStart = 0;
        lastData = 0;
    }
}
