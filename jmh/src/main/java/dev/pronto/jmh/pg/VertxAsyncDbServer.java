package dev.pronto.jmh.pg;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The baseline, written the way a Vert.x user would (as in the TechEmpower Vert.x entry): one
 * verticle per event loop, each with a vertx-core {@code HttpServer} and its own pipelined
 * {@code PgConnection}s opened from the verticle's context, prepared statements cached, results
 * built as {@code JsonObject}s. Same query, parameters and connection count as Pronto's server.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.pg.VertxAsyncDbServer [port] [loops]}.
 */
public final class VertxAsyncDbServer extends VerticleBase {
    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
    private final int port;
    private final int connections;
    private final PgConnectOptions options;
    private final List<PgConnection> pool = new ArrayList<>();
    private int next;

    private VertxAsyncDbServer(int port, int connections, PgConnectOptions options) {
        this.port = port;
        this.connections = connections;
        this.options = options;
    }

    /** Starts Vert.x and one verticle per event loop; see the class javadoc for the arguments. */
    public static void main(String[] args) throws Exception {
        int port = AsyncDb.arg(args, 0, 8081);
        int loops = AsyncDb.arg(args, 1, 1);
        PgConnectOptions options = PgConnectOptions.fromUri(AsyncDb.url().replaceFirst("^postgres://", "postgresql://"))
                .setPipeliningLimit(256).setCachePreparedStatements(true);
        int perLoop = Math.max(1, AsyncDb.maxConnections() / loops);
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(loops).setPreferNativeTransport(true));
        try {
            vertx.deployVerticle(() -> new VertxAsyncDbServer(port, perLoop, options),
                    new DeploymentOptions().setInstances(loops)).toCompletionStage().toCompletableFuture()
                    .get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            vertx.close();
            throw e;
        }
        System.out.println("Vert.x async-db listening on " + port + " (" + loops + " event loops, "
                + (vertx.isNativeTransportEnabled() ? "native" : "NIO") + " transport)");
    }

    @Override
    public Future<?> start() {
        List<Future<PgConnection>> connecting = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            connecting.add(PgConnection.connect(vertx, options).onSuccess(pool::add));
        }
        return Future.all(connecting).compose(v -> vertx
                .createHttpServer(new HttpServerOptions().setPort(port))
                .requestHandler(this::handle)
                .listen());
    }

    private void handle(HttpServerRequest req) {
        if (!AsyncDb.PATH.equals(req.path())) {
            req.response().setStatusCode(404).end();
            return;
        }
        int min = AsyncDb.intOr(req.getParam("min"), AsyncDb.DEFAULT_MIN);
        int max = AsyncDb.intOr(req.getParam("max"), AsyncDb.DEFAULT_MAX);
        int limit = AsyncDb.clampLimit(AsyncDb.intOr(req.getParam("limit"), AsyncDb.DEFAULT_LIMIT));
        PgConnection conn = pool.get(next++ % pool.size());
        conn.preparedQuery(AsyncDb.SQL).execute(Tuple.of(min, max, limit)).onComplete(ar -> {
            JsonArray items = ar.succeeded() ? items(ar.result()) : new JsonArray();
            req.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                    .end(new JsonObject().put("items", items).put("count", items.size()).toBuffer());
        });
    }

    private static JsonArray items(RowSet<Row> rows) {
        JsonArray items = new JsonArray();
        for (Row row : rows) {
            items.add(new JsonObject()
                    .put("id", row.getInteger(0))
                    .put("name", row.getString(1))
                    .put("category", row.getString(2))
                    .put("price", row.getInteger(3))
                    .put("quantity", row.getInteger(4))
                    .put("active", row.getBoolean(5))
                    .put("tags", row.getValue(6))
                    .put("rating", new JsonObject().put("score", row.getInteger(7)).put("count", row.getInteger(8))));
        }
        return items;
    }
}
