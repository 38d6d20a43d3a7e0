package dev.pronto.core.internal.websocket;

import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ProtocolCounters;
import dev.pronto.core.internal.server.ServerContext;
import io.netty.channel.Channel;
import java.util.concurrent.ExecutorService;

/**
 * What a WebSocket connection needs from the server: connection tracking for graceful stop, the
 * blocking executor, failure logging and counters.
 */
interface WsHost {
    void opened(ServerConnection c);

    void closed(ServerConnection c);

    ExecutorService blockingExecutor();

    void failed(Channel channel, Throwable cause);

    /** Where messages and closes are counted. */
    ProtocolCounters counters();

    static WsHost of(ServerContext server) {
        return new WsHost() {
            @Override
            public void opened(ServerConnection c) {
                server.opened(c);
            }

            @Override
            public void closed(ServerConnection c) {
                server.closed(c);
            }

            @Override
            public ExecutorService blockingExecutor() {
                return server.blockingExecutor();
            }

            @Override
            public void failed(Channel channel, Throwable cause) {
                server.connectionFailed(channel, cause);
            }

            @Override
            public ProtocolCounters counters() {
                return server.counters();
            }
        };
    }

}
