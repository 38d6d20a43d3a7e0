package dev.pronto.core.internal.exchange;

import dev.pronto.core.Server;
import dev.pronto.core.internal.server.ServerInitializer;

/** Exchanges in a given state for tests of other packages, without a connection. */
public final class TestExchanges {
    private TestExchanges() {
    }

    /** A pooled exchange without a carrier whose response was claimed: RESPONDING. */
    public static Exchange responding() {
        Server server = Server.builder().routes(r -> r.get("/", (req, res) -> res.send())).build();
        ExchangePool pool = new ExchangePool(null, ((ServerInitializer) server.channelInitializer()).context(), 1,
                () -> () -> { });
        Exchange e = pool.obtain();
        e.begin(ExchangeState.generation(e.stamp()));
        return e;
    }
}
