package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeSlot;
import io.netty.handler.codec.quic.QuicStreamChannel;

/** What an HTTP/3 connection keeps on each exchange: its request stream. Event loop only. */
final class H3Slot implements ExchangeSlot {
    /** The QUIC stream carrying the exchange. */
    QuicStreamChannel stream;

    static H3Slot of(Exchange e) {
        return (H3Slot) e.slot;
    }

    @Override
    public void clear() {
        stream = null;
    }
}
