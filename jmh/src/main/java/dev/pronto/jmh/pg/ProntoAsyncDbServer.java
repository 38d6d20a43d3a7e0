package dev.pronto.jmh.pg;

import com.dslplatform.json.CompiledJson;
import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.RowMapper;
import dev.pronto.client.pg.VertxLoops;
import dev.pronto.core.Handler;
import dev.pronto.core.Request;
import dev.pronto.core.Server;
import dev.pronto.jmh.json.JmhJsonConfiguration;
import dev.pronto.json.ProntoJson;
import io.vertx.core.json.JsonArray;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Pronto's HttpArena async-db server: the Pronto server on Vert.x's event loops, pronto-pg's
 * loop-local client, rows mapped to records and encoded by pronto-json. On a database failure it
 * answers {@code {"items":[],"count":0}} as HttpArena asks.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.pg.ProntoAsyncDbServer [port] [loops]} with
 * {@code DATABASE_URL} and {@code DATABASE_MAX_CONN} set.
 */
public final class ProntoAsyncDbServer {
    private static final RowMapper<Item> ITEM = row -> new Item(row.getInteger(0), row.getString(1),
            row.getString(2), row.getInteger(3), row.getInteger(4), row.getBoolean(5),
            strings((JsonArray) row.getValue(6)), new Rating(row.getInteger(7), row.getInteger(8)));

    private ProntoAsyncDbServer() {
    }

    /** An item's rating. */
    @CompiledJson
    public record Rating(int score, int count) {
    }

    /** One row of the items table, as the response shows it. */
    @CompiledJson
    public record Item(int id, String name, String category, int price, int quantity, boolean active,
            List<String> tags, Rating rating) {
    }

    /** The response body. */
    @CompiledJson
    public record Page(List<Item> items, int count) {
        static final Page EMPTY = new Page(List.of(), 0);
    }

    /** Starts the server; see the class javadoc for the arguments. */
    public static void main(String[] args) throws Exception {
        int port = AsyncDb.arg(args, 0, 8080);
        VertxLoops loops = VertxLoops.create(AsyncDb.arg(args, 1, 1));
        PgConfig config = PgConfig.builder().url(AsyncDb.url()).maxConnections(AsyncDb.maxConnections()).build();
        Postgres postgres = Postgres.create(loops.vertx(), config);
        try {
            postgres.ready().toCompletableFuture().get(60, TimeUnit.SECONDS);
            Server.builder()
                    .config(c -> c.port(port))
                    .eventLoops(loops.eventLoops())
                    .json(ProntoJson.create(new JmhJsonConfiguration()))
                    .routes(r -> r.get(AsyncDb.PATH, Handler.async((req, res) -> query(postgres, req))))
                    .build().start();
        } catch (Exception e) {
            postgres.close();
            loops.close();
            throw e;
        }
    }

    private static CompletionStage<Page> query(Postgres postgres, Request req) {
        int min = AsyncDb.intOr(req.query("min"), AsyncDb.DEFAULT_MIN);
        int max = AsyncDb.intOr(req.query("max"), AsyncDb.DEFAULT_MAX);
        int limit = AsyncDb.clampLimit(AsyncDb.intOr(req.query("limit"), AsyncDb.DEFAULT_LIMIT));
        return postgres.client().query(AsyncDb.SQL, ITEM, min, max, limit)
                .handle((items, error) -> error == null ? new Page(items, items.size()) : Page.EMPTY);
    }

    // The driver decodes JSONB arrays into a JsonArray over a List of Strings; share that list.
    @SuppressWarnings("unchecked")
    private static List<String> strings(JsonArray array) {
        return (List<String>) (List<?>) array.getList();
    }
}
