package dev.pronto.jmh.vertxarena;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** HttpArena's crud profile on {@code /crud/items}, reads through a 200 ms cache-aside with {@code X-Cache}. */
final class CrudRoutes {
    private static final String LIST = "SELECT " + DbRoutes.COLUMNS
            + " FROM items WHERE category = $1 ORDER BY id LIMIT $2 OFFSET $3";
    private static final String ONE = "SELECT " + DbRoutes.COLUMNS + " FROM items WHERE id = $1";
    private static final String UPSERT = "INSERT INTO items (" + DbRoutes.COLUMNS + ") VALUES ($1, $2, $3, $4, $5, "
            + "true, '[\"bench\"]', 0, 0) ON CONFLICT (id) DO UPDATE SET name = $2, price = $4, quantity = $5";
    private static final String UPDATE = "UPDATE items SET name = $1, price = $2, quantity = $3 WHERE id = $4";
    private static final long TTL = TimeUnit.MILLISECONDS.toNanos(200);

    private record Cached(Model.Item item, long expiresAt) {
    }

    private final Pool pool;
    private final ConcurrentHashMap<Integer, Cached> cache = new ConcurrentHashMap<>();

    CrudRoutes(Pool pool) {
        this.pool = pool;
    }

    /** Adds the four crud routes; {@code body} reads the JSON bodies of POST and PUT. */
    void mount(Router router, BodyHandler body) {
        router.get("/crud/items").handler(this::list);
        router.get("/crud/items/:id").handler(this::byId);
        router.post("/crud/items").handler(body).handler(this::create);
        router.put("/crud/items/:id").handler(body).handler(this::update);
    }

    private void list(RoutingContext rc) {
        Integer page = Params.integer(rc, "page", 1);
        Integer limit = Params.integer(rc, "limit", 10);
        if (page == null || limit == null) {
            return;
        }
        String category = rc.request().getParam("category", "electronics");
        int p = Math.max(1, page);
        int l = Math.clamp(limit, 1, 50);
        pool.preparedQuery(LIST).execute(Tuple.of(category, l, (p - 1) * l)).onSuccess(rows -> {
            var items = DbRoutes.items(rows);
            json(rc, 200, new Model.Page(items, items.size(), p, l));
        }).onFailure(e -> rc.fail(503, e));
    }

    private void byId(RoutingContext rc) {
        Integer id = Params.parse(rc, rc.pathParam("id"));
        if (id == null) {
            return;
        }
        Cached hit = cache.get(id);
        if (hit != null && System.nanoTime() - hit.expiresAt < 0) {
            rc.response().putHeader("X-Cache", "HIT");
            json(rc, 200, hit.item);
            return;
        }
        pool.preparedQuery(ONE).execute(Tuple.of(id)).onSuccess(rows -> {
            if (rows.size() == 0) {
                rc.fail(404);
                return;
            }
            Model.Item item = DbRoutes.item(rows.iterator().next());
            cache.put(id, new Cached(item, System.nanoTime() + TTL));
            rc.response().putHeader("X-Cache", "MISS");
            json(rc, 200, item);
        }).onFailure(e -> rc.fail(503, e));
    }

    private void create(RoutingContext rc) {
        Model.NewItem item = decode(rc, Model.NewItem.class);
        if (item == null) {
            return;
        }
        cache.remove((int) item.id());
        pool.preparedQuery(UPSERT).execute(Tuple.of((int) item.id(), item.name(), item.category(), item.price(),
                item.quantity())).onSuccess(rows -> json(rc, 201, item)).onFailure(e -> rc.fail(503, e));
    }

    private void update(RoutingContext rc) {
        Integer id = Params.parse(rc, rc.pathParam("id"));
        Model.ItemUpdate in = id == null ? null : decode(rc, Model.ItemUpdate.class);
        if (in == null) {
            return;
        }
        pool.preparedQuery(UPDATE).execute(Tuple.of(in.name(), in.price(), in.quantity(), id)).onSuccess(rows -> {
            cache.remove(id);
            if (rows.rowCount() == 0) {
                rc.fail(404);
            } else {
                json(rc, 200, new Model.NewItem(id, in.name(), in.category(), in.price(), in.quantity()));
            }
        }).onFailure(e -> rc.fail(503, e));
    }

    private static <T> T decode(RoutingContext rc, Class<T> type) {
        try {
            T value = rc.body().asPojo(type);
            if (value == null) {
                rc.fail(400);
            }
            return value;
        } catch (DecodeException | IllegalArgumentException e) {
            rc.fail(400);
            return null;
        }
    }

    private static void json(RoutingContext rc, int status, Object body) {
        rc.response().setStatusCode(status).putHeader("content-type", "application/json").end(Json.encodeToBuffer(body));
    }
}
