package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.Postgres;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.annotation.Body;
import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.core.annotation.Post;
import dev.pronto.core.annotation.Put;
import dev.pronto.core.annotation.Query;
import dev.pronto.core.annotation.Status;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * HttpArena's crud profile as an annotated controller: the processor generates
 * {@code CrudController$Routes}. Reads go through a 200 ms cache-aside with {@code X-Cache}.
 */
@Path("/crud/items")
final class CrudController {
    private static final String LIST = "SELECT " + DbRoutes.COLUMNS
            + " FROM items WHERE category = $1 ORDER BY id LIMIT $2 OFFSET $3";
    private static final String ONE = "SELECT " + DbRoutes.COLUMNS + " FROM items WHERE id = $1";
    private static final String UPSERT = "INSERT INTO items (" + DbRoutes.COLUMNS + ") VALUES ($1, $2, $3, $4, $5, "
            + "true, '[\"bench\"]', 0, 0) ON CONFLICT (id) DO UPDATE SET name = $2, price = $4, quantity = $5";
    private static final String UPDATE = "UPDATE items SET name = $1, price = $2, quantity = $3 WHERE id = $4";

    private final Postgres postgres;
    private final ItemCache<Model.Item> cache = new ItemCache<>(200);

    CrudController(Postgres postgres) {
        this.postgres = postgres;
    }

    @Get
    CompletionStage<Model.Page> list(@Query Optional<String> category, @Query Optional<Integer> page,
                                     @Query Optional<Integer> limit, Request req) {
        int p = Math.max(1, page.orElse(1));
        int l = Math.max(1, Math.min(50, limit.orElse(10)));
        return db(req).query(LIST, DbRoutes.ITEM, category.orElse("electronics"), l, (p - 1) * l)
                .thenApply(items -> new Model.Page(items, items.size(), p, l));
    }

    @Get("/{id}")
    CompletionStage<Model.Item> byId(@PathParam long id, Request req, Response res) {
        Model.Item hit = cache.get(id);
        if (hit != null) {
            res.header("X-Cache", "HIT");
            return CompletableFuture.completedFuture(hit);
        }
        res.header("X-Cache", "MISS");
        return db(req).queryOne(ONE, DbRoutes.ITEM, (int) id).thenApply(item -> {
            if (item == null) {
                throw new NotFoundException("item " + id + " not found");
            }
            cache.put(id, item);
            return item;
        });
    }

    @Post
    @Status(201)
    CompletionStage<Model.NewItem> create(@Body Model.NewItem item, Request req) {
        cache.invalidate(item.id());
        return db(req).execute(UPSERT, (int) item.id(), item.name(), item.category(), item.price(),
                item.quantity()).thenApply(n -> item);
    }

    @Put("/{id}")
    CompletionStage<Model.NewItem> update(@PathParam long id, @Body Model.ItemUpdate in, Request req) {
        return db(req).execute(UPDATE, in.name(), in.price(), in.quantity(), (int) id).thenApply(n -> {
            cache.invalidate(id);
            if (n == 0) {
                throw new NotFoundException("item " + id + " not found");
            }
            return new Model.NewItem(id, in.name(), in.category(), in.price(), in.quantity());
        });
    }

    /** This loop's client, its queries cancelled once the caller's deadline (Request-Timeout) passes. */
    private PgClient db(Request req) {
        return postgres.client().within(req.remainingNanos());
    }
}
