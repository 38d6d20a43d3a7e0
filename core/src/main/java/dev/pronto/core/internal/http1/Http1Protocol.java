package dev.pronto.core.internal.http1;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Protocol;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ListenerSetup;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerProtocol;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;

/**
 * HTTP/1.1 as the server registers it. On a cleartext listener that also offers HTTP/2 its carrier
 * watches for the h2c preface and honours {@code Upgrade: h2c}, handing the channel to the HTTP/2
 * protocol found by id.
 */
public final class Http1Protocol implements ServerProtocol {
    @Override
    public Protocol id() {
        return Protocol.HTTP_1_1;
    }

    @Override
    public ConnectionKind kind() {
        return ConnectionKind.HTTP_1_1;
    }

    @Override
    public boolean carries(ServerConnection c) {
        return c instanceof HttpConnection;
    }

    @Override
    public void accept(ChannelPipeline pipeline, ListenerSetup listener, ServerContext server) {
        HttpConnection http = new HttpConnection(server, listener.altSvc());
        if (listener.listener().protocols().contains(Protocol.HTTP_2)) {
            http.acceptH2cPriorKnowledge();
        }
        pipeline.addLast("http", http);
    }

    @Override
    public ChannelHandler carrier(ServerContext server, String altSvc) {
        return new HttpConnection(server, altSvc);
    }
}
