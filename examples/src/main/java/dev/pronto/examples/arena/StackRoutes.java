package dev.pronto.examples.arena;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.RowMapper;
import dev.pronto.core.BadRequestException;
import dev.pronto.core.Handler;
import dev.pronto.core.HttpException;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.Routes;
import dev.pronto.core.ValidationException;
import dev.pronto.core.annotation.JsonShape;
import dev.pronto.core.annotation.Params;
import dev.pronto.examples.arena.redis.Redis;
import dev.pronto.json.ProntoJson;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * HttpArena's production-stack server: {@code /public/*} without auth or cache, and {@code /api/*} behind
 * the edge, which verifies the JWT and passes the user as {@code X-User-Id}. Items are cached 200 ms in
 * process and 800 ms in Redis (at most 1 s stale), users 10 s and 20 s (at most 30 s); {@code X-Cache}
 * says {@code HIT} or {@code MISS}. Cached values are the JSON bytes, sent as they are.
 */
final class StackRoutes implements Consumer<Routes> {
    private static final String ITEM = "SELECT " + DbRoutes.COLUMNS + " FROM items WHERE id = $1";
    private static final String USER = "SELECT id, name, email, plan FROM users WHERE id = $1";
    private static final String UPDATE = "UPDATE items SET name = $1, price = $2, quantity = $3 WHERE id = $4";
    private static final String USER_HEADER = "X-User-Id";
    private static final JsonShape UPDATE_NUMBERS = JsonShape.object(Map.of("price", JsonShape.NUMBER,
            "quantity", JsonShape.NUMBER));
    private static final RowMapper<Model.User> USER_ROW = row -> new Model.User(
            row.getInteger(0), row.getString(1), row.getString(2), row.getString(3));

    private final Postgres postgres;
    private final JsonController json;
    private final ProntoJson codec;
    private final TieredCache items;
    private final TieredCache users;

    StackRoutes(Postgres postgres, Redis redis, JsonController json, ProntoJson codec) {
        this.postgres = postgres;
        this.json = json;
        this.codec = codec;
        this.items = new TieredCache(redis, "item:", 200, 800);
        this.users = new TieredCache(redis, "user:", 10_000, 20_000);
    }

    @Override
    public void accept(Routes r) {
        r.get("/public/baseline", ArenaDocs.PUBLIC_BASELINE, (req, res) -> res.send(Long.toString(BaselineRoutes.sum(req))))
                .get("/public/json/{count}", ArenaDocs.PUBLIC_JSON, (req, res) -> res.json(
                        json.first(Params.intValue(req.param("count"), "count", Params.PATH), Optional.empty())))
                .get("/api/items/{id}", ArenaDocs.API_ITEM, (req, res) -> cached(items, id(req), req, res))
                .post("/api/items/{id}", ArenaDocs.API_UPDATE, Handler.async(this::update))
                .get("/api/me", ArenaDocs.API_ME, (req, res) -> cached(users, user(req), req, res));
    }

    /** Cache-aside: in process (answered at once), then Redis, then Postgres (no row: 404), storing what it found. */
    private void cached(TieredCache cache, int id, Request req, Response res) {
        res.contentType("application/json");
        byte[] hit = cache.local(id);
        if (hit != null) {
            res.header("X-Cache", "HIT");
            res.send(hit);
            return;
        }
        res.send(cache.remote(id).thenCompose(remote -> {
            if (remote != null) {
                res.header("X-Cache", "HIT");
                return CompletableFuture.completedFuture(remote);
            }
            res.header("X-Cache", "MISS");
            return load(cache, id, req).thenApply(row -> {
                if (row == null) {
                    throw new NotFoundException((cache == users ? "user " : "item ") + id + " not found");
                }
                byte[] body = serialize(row);
                cache.store(id, body);
                return body;
            });
        }));
    }

    private CompletionStage<?> load(TieredCache cache, int id, Request req) {
        PgClient db = postgres.client().within(req.remainingNanos());
        return cache == users ? db.queryOne(USER, USER_ROW, id) : db.queryOne(ITEM, DbRoutes.ITEM, id);
    }

    private byte[] serialize(Object row) {
        ByteBuf buf = Unpooled.buffer(512);
        try {
            codec.write(row, buf);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    private CompletionStage<Void> update(Request req, Response res) {
        int id = id(req);
        // the checks the document states: a JSON body, numbers as numbers, the generated validator's bounds
        Model.ItemUpdate in = Params.numbers(Params.jsonBody(req, Model.ItemUpdate.class), req, UPDATE_NUMBERS);
        List<ValidationException.FieldError> errors = new ArrayList<>();
        Model$ItemUpdate$Validator.collect(in, "body", errors);
        if (!errors.isEmpty()) {
            throw new ValidationException(errors);
        }
        return postgres.client().within(req.remainingNanos()).execute(UPDATE, in.name(), in.price(), in.quantity(), id)
                .thenCompose(n -> {
                    if (n == 0) {
                        throw new NotFoundException("item " + id + " not found");
                    }
                    return items.invalidate(id);
                })
                .thenApply(done -> {
                    res.status(204);
                    return null;
                });
    }

    private static int id(Request req) {
        int id = Params.intValue(req.param("id"), "id", Params.PATH);
        if (id < 1) {
            throw new BadRequestException("path parameter id must be >= 1, got " + id);
        }
        return id;
    }

    /** The user the edge authenticated: 401 without the header, 400 when it is not a positive integer. */
    private static int user(Request req) {
        String raw = req.header(USER_HEADER);
        if (raw == null || raw.isBlank()) {
            throw new HttpException(401, "missing X-User-Id: /api/* is reached through the authenticating edge");
        }
        int id = Params.intValue(raw.trim(), USER_HEADER, Params.HEADER);
        if (id < 1) {
            throw new BadRequestException("header X-User-Id must be >= 1, got " + id);
        }
        return id;
    }
}
