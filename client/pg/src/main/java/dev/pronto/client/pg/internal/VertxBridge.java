package dev.pronto.client.pg.internal;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.SqlConnectionInternal;

/**
 * Every use of Vert.x internal API in Pronto, in one place: the Netty loops behind a Vert.x
 * instance, a context pinned to one of them, the server channel type of Vert.x's transport, and
 * the Netty pipeline of a Postgres connection. Verified against Vert.x 5.0.x; when upgrading
 * Vert.x, this is the class to re-check.
 */
public final class VertxBridge {
    private static final String FLUSH_HANDLER = "pronto-flush-consolidation";

    private VertxBridge() {
    }

    /** The Netty event loops of {@code vertx}: the threads its event-loop contexts run on. */
    public static EventLoopGroup eventLoopGroup(Vertx vertx) {
        return ((VertxInternal) vertx).nettyEventLoopGroup();
    }

    /**
     * The server channel class matching the IoHandler Vert.x picked (epoll, io_uring or NIO), found
     * by creating one unregistered channel and closing it at once.
     */
    public static Class<? extends ServerChannel> serverChannel(Vertx vertx) {
        ServerChannel probe = ((VertxInternal) vertx).transport().serverChannelFactory(false).newChannel();
        try {
            return probe.getClass();
        } finally {
            probe.unsafe().closeForcibly();
        }
    }

    /**
     * A Vert.x context bound to {@code loop}: a connection created from it keeps its socket and
     * every callback on that loop.
     */
    public static Context context(Vertx vertx, EventLoop loop) {
        return ((VertxInternal) vertx).contextBuilder().withEventLoop(loop).build();
    }

    /**
     * Lets the flushes of {@code connection} that happen in one event-loop iteration leave as one
     * write: vertx-pg-client flushes after every query, and requests from many HTTP connections are
     * read in the same iteration. At most {@code maxDeferred} flushes are merged.
     */
    public static void consolidateFlushes(SqlConnection connection, int maxDeferred) {
        if (((SqlConnectionInternal) connection).unwrap() instanceof SocketConnectionBase socket) {
            socket.socket().channelHandlerContext().pipeline()
                    .addFirst(FLUSH_HANDLER, new FlushConsolidationHandler(maxDeferred, true));
        }
    }
}
