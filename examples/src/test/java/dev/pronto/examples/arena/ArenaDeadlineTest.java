package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.Postgres;
import dev.pronto.client.pg.VertxLoops;
import dev.pronto.json.ProntoJson;
import dev.pronto.testsupport.Await;
import io.netty.channel.EventLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The caller's deadline through the arena's CRUD route down to Postgres: an UPDATE blocked on a row
 * lock is answered 504 at the {@code Request-Timeout} and stops waiting in Postgres too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArenaDeadlineTest {
    private static final Path SHARED = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/arena-data");
    private static final long ID = 400001;
    private static final String LOCKER = "WITH locked AS (SELECT id FROM items WHERE id = " + ID
            + " FOR UPDATE) SELECT 1 FROM locked, pg_sleep(60) /* deadline-locker */";
    private static final String WAITING_UPDATES = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
            + " AND query LIKE 'UPDATE items SET name%'";
    private static final String LOCKING = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
            + " AND query LIKE '%/* deadline-locker */' AND pid <> pg_backend_pid()";
    private EmbeddedDb db;
    private ArenaApp app;
    private HttpClient http;
    private VertxLoops loops;
    private Postgres lockerDb;
    private Postgres probeDb;

    @BeforeAll
    void start() throws Exception {
        Path dataDir = Files.isDirectory(SHARED) ? SHARED : Files.createTempDirectory("arena-none");
        db = EmbeddedDb.start(Dataset.load(dataDir.resolve("dataset.json"), ProntoJson.create(new ArenaJson())));
        Map<String, String> env = new HashMap<>(Map.of("PORT", "0", "H2C_PORT", "0", "TELEPORT_PORT", "0",
                "DATA_DIR", dataDir.toString(), "DATABASE_URL", db.url()));
        app = ArenaDev.start(env);
        ArenaReady.await(app.port());
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
        loops = VertxLoops.create(1);
        PgConfig config = PgConfig.builder().url(db.url()).maxConnections(1).queryTimeout(Duration.ofMinutes(2)).build();
        lockerDb = Postgres.create(loops.vertx(), config);
        probeDb = Postgres.create(loops.vertx(), config);
        lockerDb.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
        probeDb.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    void stop() throws Exception {
        probe("SELECT count(pg_cancel_backend(pid)) FROM pg_stat_activity WHERE query LIKE '%/* deadline-locker */'"
                + " AND pid <> pg_backend_pid()");
        lockerDb.close();
        probeDb.close();
        loops.close();
        http.close();
        app.close();
        db.close();
    }

    @Test
    void blockedUpdateGets504AtTheDeadlineAndStopsWaitingInPostgres() throws Exception {
        String items = "http://127.0.0.1:" + app.port() + "/crud/items";
        try (ClientResponse created = send(ClientRequest.builder().method("POST").uri(items)
                .header("Content-Type", "application/json")
                .body("{\"id\":" + ID + ",\"name\":\"Locked\",\"category\":\"deadline\",\"price\":1,\"quantity\":1}"))) {
            assertThat(created.status()).isEqualTo(201);
        }
        PgClient locker = lockerDb.client((EventLoop) loops.eventLoops().group().next());
        locker.eventLoop().execute(() -> locker.execute(LOCKER));
        awaitCount(LOCKING, 1);

        try (ClientResponse r = send(ClientRequest.builder().method("PUT").uri(items + "/" + ID)
                .header("Content-Type", "application/json").header("Request-Timeout", "300")
                .body("{\"name\":\"Renamed\",\"category\":\"deadline\",\"price\":2,\"quantity\":2}"))) {
            assertThat(r.status()).isEqualTo(504);
        }
        awaitCount(WAITING_UPDATES, 0);
    }

    private ClientResponse send(ClientRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofSeconds(10)).build()).toCompletableFuture().get(15, TimeUnit.SECONDS);
    }

    private long probe(String sql) throws Exception {
        PgClient probe = probeDb.client((EventLoop) loops.eventLoops().group().next());
        CompletableFuture<Long> count = new CompletableFuture<>();
        probe.eventLoop().execute(() -> probe.queryOne(sql, row -> row.getLong(0)).whenComplete((v, e) -> {
            if (e != null) {
                count.completeExceptionally(e);
            } else {
                count.complete(v);
            }
        }));
        return count.get(10, TimeUnit.SECONDS);
    }

    private void awaitCount(String sql, long expected) {
        long[] seen = new long[1];
        Await.within(Duration.ofSeconds(5), () -> (seen[0] = probeUnchecked(sql)) == expected);
        assertThat(seen[0]).as(sql).isEqualTo(expected);
    }

    private long probeUnchecked(String sql) {
        try {
            return probe(sql);
        } catch (Exception e) {
            throw new AssertionError("probe failed: " + sql, e);
        }
    }
}
