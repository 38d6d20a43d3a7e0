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
import jakarta.validation.constraints.Size;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
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
    private static final String UPDATE = "UPDATE items SET name = $1, price = $2, quantity = $3 WHERE id = $4"
            + " RETURNING id, name, category, price, quantity";
    private static final dev.pronto.client.pg.RowMapper<Model.NewItem> STORED = row -> new Model.NewItem(
            row.getInteger(0), row.getString(1), row.getString(2), row.getInteger(3), row.getInteger(4));

    private final Postgres postgres;
    private final ItemCache<Model.Item> cache = new ItemCache<>(200);

    CrudController(Postgres postgres) {
        this.postgres = postgres;
    }

    /** A page of items; the offset is a {@code bigint}, so no page number overflows it. */
    @Get
    CompletionStage<Model.Page> list(@Query @Size(max = 100) @Pattern(regexp = Model.STORABLE) Optional<String> category,
                                     @Query @Min(1) Optional<Integer> page,
                                     @Query @Min(1) @Max(50) Optional<Integer> limit, Request req) {
        int p = page.orElse(1);
        int l = limit.orElse(10);
        return db(req).query(LIST, DbRoutes.ITEM, category.orElse("electronics"), l, (p - 1L) * l)
                .thenApply(items -> new Model.Page(items, items.size(), p, l));
    }

    /** One item; ids are those the {@code integer} column holds, 1 to 2^31-1. */
    @Get("/{id}")
    CompletionStage<Model.Item> byId(@PathParam @Min(1) @Max(Model.MAX_ID) long id, Request req, Response res) {
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

    /** Updates an item's name, price and quantity; answers the row as stored. */
    @Put("/{id}")
    CompletionStage<Model.NewItem> update(@PathParam @Min(1) @Max(Model.MAX_ID) long id, @Body Model.ItemUpdate in,
                                          Request req) {
        return db(req).queryOne(UPDATE, STORED, in.name(), in.price(), in.quantity(), (int) id).thenApply(row -> {
            cache.invalidate(id);
            if (row == null) {
                throw new NotFoundException("item " + id + " not found");
            }
            return row;
        });
    }

    /** This loop's client, its queries cancelled once the caller's deadline (Request-Timeout) passes. */
    private PgClient db(Request req) {
        return postgres.client().within(req.remainingNanos());
    }
}
