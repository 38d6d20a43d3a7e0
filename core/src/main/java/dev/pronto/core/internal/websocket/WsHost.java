package dev.pronto.core.internal.websocket;

import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ProtocolCounters;
import dev.pronto.core.internal.server.ServerContext;
import io.netty.channel.Channel;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.LoggerFactory;

/**
 * What a WebSocket connection needs from its side: the server (connection tracking for graceful
 * stop, the blocking executor, failure logging) or a client (none of the tracking).
 */
interface WsHost {
    void opened(ServerConnection c);

    void closed(ServerConnection c);

    ExecutorService blockingExecutor();

    void failed(Channel channel, Throwable cause);

    /** Which end of the connection this is: servers expect masked frames, clients mask theirs. */
    boolean client();

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
            public boolean client() {
                return false;
            }

            @Override
            public ProtocolCounters counters() {
                return server.counters();
            }
        };
    }

    /** The host of client connections: virtual threads for blocking handlers, failures logged at debug. */
    WsHost CLIENT = new WsHost() {
        private final ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor();

        @Override
        public void opened(ServerConnection c) {
        }

        @Override
        public void closed(ServerConnection c) {
        }

        @Override
        public ExecutorService blockingExecutor() {
            return virtual;
        }

        @Override
        public void failed(Channel channel, Throwable cause) {
            LoggerFactory.getLogger(WsClientSide.class).debug("WebSocket client connection {} failed", channel, cause);
        }

        @Override
        public boolean client() {
            return true;
        }

        @Override
        public ProtocolCounters counters() {
            return ProtocolCounters.UNREAD;
        }
    };
}
