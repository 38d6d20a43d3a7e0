package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Handler;
import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import dev.pronto.testsupport.ClosedPort;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Postgres down at start, or killed and restarted under load: no hang, 503s meanwhile, then service resumes. */
class FaultToleranceTest {
    private static final Duration RESUME = Duration.ofSeconds(30);

    @TempDir
    Path data;

    @Test
    void serverStartsWhilePostgresIsDownAndServesOnceItComesUp() throws Exception {
        try (ClosedPort reserved = ClosedPort.reserve()) {
            serveOnceUp(reserved);
        }
    }

    @SuppressWarnings("try") // the resource is the point: opened, then closed
    private void serveOnceUp(ClosedPort reserved) throws Exception {
        int port = reserved.port();
        PgConfig config = config(port);
        try (VertxLoops loops = VertxLoops.create(1); Postgres postgres = Postgres.create(loops.vertx(), config);
                Server server = server(loops, postgres)) {
            Http http = new Http(server.port());

            HttpResponse<String> down = http.get("/items");
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(down.body()).startsWith("database unavailable: ").endsWith("; retrying");

            // Postgres cannot bind port 0, so the port stays reserved until the moment it starts.
            reserved.close();
            try (EmbeddedPostgres pg = PgFixture.start(data, port)) {
                PgFixture.seed(config);
                Await.until("a 200 after Postgres came up", RESUME, () -> http.get("/items").statusCode() == 200);
            }
        }
    }

    @Test
    void killingAndRestartingPostgresUnderLoadNeverHangsARequest() throws Exception {
        EmbeddedPostgres pg = PgFixture.start(data, 0);
        int port = pg.getPort();
        PgConfig config = config(port);
        PgFixture.seed(config);
        try (VertxLoops loops = VertxLoops.create(2); Postgres postgres = Postgres.create(loops.vertx(), config);
                Server server = server(loops, postgres)) {
            Load load = new Load(new Http(server.port()), "/items", 4);
            Await.until("100 OKs before the kill", RESUME, () -> load.count(200) >= 100);

            pg.close();
            Await.until("a 503 while Postgres is down", RESUME, () -> load.count(503) > 0);
            pg = PgFixture.start(data, port);
            long okBeforeRestart = load.count(200);
            Await.until("100 more OKs after the restart", RESUME, () -> load.count(200) >= okBeforeRestart + 100);
            load.close();

            assertThat(load.failures()).as("requests without a response within " + Http.TIMEOUT).isEmpty();
            assertThat(load.statuses().keySet()).isSubsetOf(200, 503, 504);
        } finally {
            pg.close();
        }
    }

    private static PgConfig config(int port) {
        return PgConfig.builder().url(PgFixture.url(port)).maxConnections(2).queryTimeout(Duration.ofSeconds(2))
                .connectTimeout(Duration.ofSeconds(1)).reconnect(Duration.ofMillis(50), Duration.ofMillis(500)).build();
    }

    private static Server server(VertxLoops loops, Postgres postgres) {
        return Server.builder().port(0).eventLoops(loops.eventLoops())
                .routes(r -> r.get("/items", Handler.async((req, res) -> postgres.client()
                        .query(PgFixture.ASYNC_DB_SQL, Item.ROW, 10, 50, 5).thenApply(rows -> "rows=" + rows.size()))))
                .build().start();
    }
}
