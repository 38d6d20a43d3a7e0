package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeSlot;

/** What an HTTP/2 connection keeps on each exchange: its stream and its parked response head. Event loop only. */
final class H2Slot implements ExchangeSlot {
    /** The stream carrying the exchange. */
    int streamId;
    /** The body length and default type given to {@code head()}, applied when the response completes. */
    long length;
    String type;
    /** While the body arrives: when the head and the latest DATA came, on the connection's reading clock. */
    long bodyStart;
    long lastData;

    static H2Slot of(Exchange e) {
        return (H2Slot) e.slot;
    }

    @Override
    public void clear() {
        streamId = 0;
        length = 0;
        type = null;
        bodyStart = 0;
        lastData = 0;
    }
}
