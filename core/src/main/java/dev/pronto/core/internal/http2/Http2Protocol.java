package dev.pronto.core.internal.http2;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Protocol;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ListenerSetup;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerProtocol;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;

/**
 * HTTP/2 as the server registers it: by ALPN {@code h2}, on an h2c-only listener (prior knowledge
 * checked first), or taking a channel over from HTTP/1.1 (the preface seen, or {@code Upgrade: h2c}).
 */
public final class Http2Protocol implements ServerProtocol {
    @Override
    public Protocol id() {
        return Protocol.HTTP_2;
    }

    @Override
    public ConnectionKind kind() {
        return ConnectionKind.HTTP_2;
    }

    @Override
    public boolean carries(ServerConnection c) {
        return c instanceof H2Connection;
    }

    /** An h2c-only listener: the preface is checked before the carrier takes the channel. */
    @Override
    public void accept(ChannelPipeline pipeline, ListenerSetup listener, ServerContext server) {
        pipeline.addLast("h2c-only", new H2cOnlyGate(server, listener.altSvc()));
    }

    @Override
    public ChannelHandler carrier(ServerContext server, String altSvc) {
        return H2ConnectionBuilder.create(server, altSvc);
    }

    @Override
    public Takeover upgrade(Exchange e, ServerContext server) {
        return H2cTakeover.of(e, server);
    }
}
