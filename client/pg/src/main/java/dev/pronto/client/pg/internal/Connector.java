package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.PgConfig;
import io.netty.channel.EventLoop;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;

/** Opens Postgres connections bound to one event loop, so their callbacks run on that loop. */
final class Connector {
    private final Vertx vertx;
    private final Context context;
    private final PgConnectOptions options;

    Connector(Vertx vertx, EventLoop loop, PgConfig config) {
        this.vertx = vertx;
        this.context = VertxBridge.context(vertx, loop);
        this.options = new PgConnectOptions()
                .setHost(config.host()).setPort(config.port()).setDatabase(config.database())
                .setUser(config.user()).setPassword(config.password())
                .setPipeliningLimit(config.pipeliningLimit())
                .setCachePreparedStatements(config.cachePreparedStatements());
    }

    /** Starts one connection attempt; {@code done} runs on the loop. */
    void connect(Handler<AsyncResult<PgConnection>> done) {
        // PgConnection.connect binds the connection to the current context, which is ours here.
        context.runOnContext(v -> PgConnection.connect(vertx, options).onComplete(done));
    }
}
