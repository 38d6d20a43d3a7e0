package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Handler;
import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Postgres.prepare opens nothing until connect(), which a server's onStart hook can call once it listens. */
class PreparedPostgresTest {
    private static final Duration CONNECT = Duration.ofSeconds(30);

    @TempDir
    Path data;

    @Test
    void aPreparedClientServesOnceConnected() throws Exception {
        try (EmbeddedPostgres pg = PgFixture.start(data, 0)) {
            PgConfig config = PgConfig.builder().url(PgFixture.url(pg.getPort())).maxConnections(1).build();
            PgFixture.seed(config);
            try (VertxLoops loops = VertxLoops.create(1); Postgres postgres = Postgres.prepare(loops.vertx(), config);
                    Server server = server(loops, postgres, Server.builder().onStart(s -> postgres.connect()))) {
                Http http = new Http(server.port());
                Await.until("a 200 once the start hook connected", CONNECT, () -> http.get("/items").statusCode() == 200);
                assertThat(postgres.healthCheck().check().up()).isTrue();
            }
        }
    }

    @Test
    void beforeConnectQueriesFailFastWith503AndTheHealthCheckIsDown() throws Exception {
        PgConfig config = PgConfig.builder().url(PgFixture.url(1)).maxConnections(1).build();
        try (VertxLoops loops = VertxLoops.create(1); Postgres postgres = Postgres.prepare(loops.vertx(), config);
                Server server = server(loops, postgres, Server.builder())) {
            assertThat(new Http(server.port()).get("/items").statusCode()).isEqualTo(503);
            assertThat(postgres.healthCheck().check().up()).isFalse();
        }
    }

    private static Server server(VertxLoops loops, Postgres postgres, Server.Builder builder) {
        return builder.port(0).eventLoops(loops.eventLoops())
                .routes(r -> r.get("/items", Handler.async((req, res) -> postgres.client()
                        .query(PgFixture.ASYNC_DB_SQL, Item.ROW, 10, 50, 5).thenApply(rows -> "rows=" + rows.size()))))
                .build().start();
    }
}
