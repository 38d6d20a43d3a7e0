package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.RowMapper;
import dev.pronto.core.Handler;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Routes;
import io.vertx.core.json.JsonArray;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** {@code /async-db} and {@code /crud/items}: Postgres on the connection's own event loop. */
final class DbRoutes implements Consumer<Routes> {
    static final String COLUMNS = "id, name, category, price, quantity, active, tags, rating_score, rating_count";
    private static final String RANGE = "SELECT " + COLUMNS + " FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";
    private static final String LIST = "SELECT " + COLUMNS + " FROM items WHERE category = $1 ORDER BY id LIMIT $2 OFFSET $3";
    private static final String ONE = "SELECT " + COLUMNS + " FROM items WHERE id = $1";
    private static final String UPSERT = "INSERT INTO items (" + COLUMNS + ") VALUES ($1, $2, $3, $4, $5, true, "
            + "'[\"bench\"]', 0, 0) ON CONFLICT (id) DO UPDATE SET name = $2, price = $4, quantity = $5";
    private static final String UPDATE = "UPDATE items SET name = $1, price = $2, quantity = $3 WHERE id = $4";
    private static final Model.DbItems EMPTY = new Model.DbItems(List.of(), 0);

    static final RowMapper<Model.Item> ITEM = row -> new Model.Item(row.getInteger(0), row.getString(1),
            row.getString(2), row.getInteger(3), row.getInteger(4), row.getBoolean(5), tags(row.getJsonArray(6)),
            new Model.Rating(row.getInteger(7), row.getInteger(8)));

    private final Postgres postgres;
    private final ItemCache cache = new ItemCache(200);

    DbRoutes(Postgres postgres) {
        this.postgres = postgres;
    }

    @Override
    public void accept(Routes r) {
        r.get("/async-db", Handler.async((req, res) -> postgres.client()
                        .query(RANGE, ITEM, intOr(req, "min", 10), intOr(req, "max", 50),
                                Math.max(1, Math.min(50, intOr(req, "limit", 50))))
                        .handle((items, error) -> error == null ? new Model.DbItems(items, items.size()) : EMPTY)))
                .get("/crud/items", Handler.async((req, res) -> list(req)))
                .get("/crud/items/{id}", (req, res) -> {
                    long id = id(req);
                    Model.Item hit = cache.get(id);
                    if (hit != null) {
                        res.header("X-Cache", "HIT").json(hit);
                        return;
                    }
                    res.header("X-Cache", "MISS").send(postgres.client().queryOne(ONE, ITEM, (int) id).thenApply(item -> {
                        if (item == null) {
                            throw new NotFoundException("item " + id + " not found");
                        }
                        cache.put(id, item);
                        return item;
                    }));
                })
                .post("/crud/items", (req, res) -> {
                    Model.NewItem in = req.json(Model.NewItem.class);
                    cache.invalidate(in.id());
                    res.status(201).send(postgres.client()
                            .execute(UPSERT, (int) in.id(), in.name(), in.category(), in.price(), in.quantity())
                            .thenApply(n -> in));
                })
                .put("/crud/items/{id}", (req, res) -> {
                    long id = id(req);
                    Model.ItemUpdate in = req.json(Model.ItemUpdate.class);
                    res.send(postgres.client().execute(UPDATE, in.name(), in.price(), in.quantity(), (int) id).thenApply(n -> {
                        cache.invalidate(id);
                        if (n == 0) {
                            throw new NotFoundException("item " + id + " not found");
                        }
                        return new Model.NewItem(id, in.name(), in.category(), in.price(), in.quantity());
                    }));
                });
    }

    private java.util.concurrent.CompletionStage<Model.Page> list(Request req) {
        String category = req.query("category") == null ? "electronics" : req.query("category");
        int page = Math.max(1, intOr(req, "page", 1));
        int limit = Math.max(1, Math.min(50, intOr(req, "limit", 10)));
        PgClient pg = postgres.client();
        return pg.query(LIST, ITEM, category, limit, (page - 1) * limit)
                .thenApply(items -> new Model.Page(items, items.size(), page, limit));
    }

    private static long id(Request req) {
        try {
            return Long.parseLong(req.param("id"));
        } catch (NumberFormatException e) {
            throw new dev.pronto.core.BadRequestException("item id must be an integer, got '" + req.param("id") + "'");
        }
    }

    private static int intOr(Request req, String name, int fallback) {
        return req.query(name) == null ? fallback : (int) BaselineRoutes.intParam(req, name);
    }

    private static List<String> tags(JsonArray array) {
        List<String> tags = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            tags.add(array.getString(i));
        }
        return tags;
    }
}
