package dev.pronto.jmh.vertxarena;

import io.vertx.core.Vertx;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /async-db} and the health endpoints on one vertx-pg-client {@link Pool} (prepared statements cached,
 * pipelined), sized as the arena app sizes its pool. The pool connects on first use, so without a database the
 * service starts and {@code /async-db} answers HttpArena's empty result.
 */
final class DbRoutes {
    static final String COLUMNS = "id, name, category, price, quantity, active, tags, rating_score, rating_count";
    private static final String RANGE = "SELECT " + COLUMNS + " FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";
    private static final Model.DbItems EMPTY = new Model.DbItems(List.of(), 0);

    private final Pool pool;

    DbRoutes(Vertx vertx, ArenaEnv env) {
        PgConnectOptions connect = PgConnectOptions.fromUri(env.databaseUrl()).setPipeliningLimit(256)
                .setCachePreparedStatements(true);
        this.pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(env.maxDbConnections())).connectingTo(connect)
                .using(vertx).build();
    }

    /** The pool, for the crud routes. */
    Pool pool() {
        return pool;
    }

    /** Adds {@code /async-db}, {@code /health/live} and {@code /health/ready} (ready while a query succeeds). */
    void mount(Router router) {
        router.get("/async-db").handler(this::asyncDb);
        router.get("/health/live").handler(rc -> rc.response().end("UP"));
        router.get("/health/ready").handler(rc -> pool.query("SELECT 1").execute().onComplete(ar ->
                rc.response().setStatusCode(ar.succeeded() ? 200 : 503).end(ar.succeeded() ? "UP" : "DOWN")));
    }

    private void asyncDb(RoutingContext rc) {
        Integer min = Params.integer(rc, "min", 10);
        Integer max = Params.integer(rc, "max", 50);
        Integer limit = Params.integer(rc, "limit", 50);
        if (min == null || max == null || limit == null) {
            return;
        }
        pool.preparedQuery(RANGE).execute(Tuple.of(min, max, Math.clamp(limit, 1, 50))).onComplete(ar -> {
            Model.DbItems body = ar.succeeded() ? new Model.DbItems(items(ar.result()), ar.result().size()) : EMPTY;
            rc.response().putHeader("content-type", "application/json").end(Json.encodeToBuffer(body));
        });
    }

    /** The rows as items; {@code tags} is a JSONB array. */
    static List<Model.Item> items(RowSet<Row> rows) {
        List<Model.Item> items = new ArrayList<>(rows.size());
        for (Row row : rows) {
            items.add(item(row));
        }
        return items;
    }

    static Model.Item item(Row row) {
        JsonArray array = row.getJsonArray(6);
        List<String> tags = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            tags.add(array.getString(i));
        }
        return new Model.Item(row.getInteger(0), row.getString(1), row.getString(2), row.getInteger(3),
                row.getInteger(4), row.getBoolean(5), tags, new Model.Rating(row.getInteger(7), row.getInteger(8)));
    }
}
