package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.RowMapper;
import dev.pronto.core.Handler;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Routes;
import dev.pronto.core.annotation.Params;
import io.vertx.core.json.JsonArray;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** {@code /async-db}: Postgres on the connection's own event loop. */
final class DbRoutes implements Consumer<Routes> {
    static final String COLUMNS = "id, name, category, price, quantity, active, tags, rating_score, rating_count";
    private static final String RANGE = "SELECT " + COLUMNS + " FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";
    private static final Model.DbItems EMPTY = new Model.DbItems(List.of(), 0);

    static final RowMapper<Model.Item> ITEM = row -> new Model.Item(row.getInteger(0), row.getString(1),
            row.getString(2), row.getInteger(3), row.getInteger(4), row.getBoolean(5), tags(row.getJsonArray(6)),
            new Model.Rating(row.getInteger(7), row.getInteger(8)));

    private final Postgres postgres;

    DbRoutes(Postgres postgres) {
        this.postgres = postgres;
    }

    @Override
    public void accept(Routes r) {
        r.get("/async-db", ArenaDocs.ASYNC_DB, Handler.async((req, res) -> postgres.client()
                .query(RANGE, ITEM, intOr(req, "min", 10), intOr(req, "max", 50),
                        Math.max(1, Math.min(50, intOr(req, "limit", 50))))
                .handle((items, error) -> error == null ? new Model.DbItems(items, items.size()) : EMPTY)));
    }

    private static int intOr(Request req, String name, int fallback) {
        return req.query(name) == null ? fallback : Params.intValue(req.query(name), name, Params.QUERY);
    }

    private static List<String> tags(JsonArray array) {
        List<String> tags = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            tags.add(array.getString(i));
        }
        return tags;
    }
}
