package dev.pronto.core.internal.websocket;

import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ProtocolCounters;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.wsendpoint.WsHost;
import io.netty.channel.Channel;
import java.util.concurrent.ExecutorService;

/**
 * The server under its WebSocket endpoints: connection tracking for graceful stop, the blocking executor,
 * failure logging and counters. One per upgrade. Event loop.
 */
final class ServerWsHost implements WsHost {
    private final ServerContext server;
    private final ProtocolCounters counters;

    ServerWsHost(ServerContext server) {
        this.server = server;
        this.counters = server.counters();
    }

    @Override
    public ExecutorService blockingExecutor() {
        return server.blockingExecutor();
    }

    @Override
    public void opened(ServerConnection c) {
        server.opened(c);
    }

    @Override
    public void closed(ServerConnection c) {
        server.closed(c);
    }

    @Override
    public void failed(Channel channel, Throwable cause) {
        server.connectionFailed(channel, cause);
    }

    @Override
    public void messageIn() {
        counters.messageIn();
    }

    @Override
    public void messageOut() {
        counters.messageOut();
    }

    @Override
    public void closedWith(int code) {
        counters.closed(code);
    }
}
