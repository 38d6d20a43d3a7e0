package dev.pronto.core.internal.wsendpoint;

import dev.pronto.core.internal.exchange.ServerConnection;
import io.netty.channel.Channel;
import java.util.concurrent.ExecutorService;

/**
 * What a {@link WsEndpoint} needs from the end it runs on: where blocking handlers run, and, for the
 * server, connection tracking for graceful stop, failure logging and counters (the client keeps none of
 * those: the defaults do nothing). Implementations are called on the connection's event loop.
 */
public interface WsHost {
    /** Where the callbacks of a blocking handler run, in order. */
    ExecutorService blockingExecutor();

    /** The connection is open; the server tracks it until {@link #closed}. */
    default void opened(ServerConnection c) {
    }

    /** The connection is gone. */
    default void closed(ServerConnection c) {
    }

    /** The connection failed with something other than a frame error or an I/O error; it is closed next. */
    default void failed(Channel channel, Throwable cause) {
    }

    /** A whole message came in. */
    default void messageIn() {
    }

    /** A message went out. */
    default void messageOut() {
    }

    /** The connection closed with {@code code}. */
    default void closedWith(int code) {
    }
}
