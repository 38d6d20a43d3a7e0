package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two services with every Postgres setting at its default share a database limited to Postgres's
 * default {@code max_connections = 100}, as two services on one small managed database do, and each
 * answers from a blocking route (the virtual thread waits on the stage of another loop's client).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SharedDatabaseTest {
    private static final int LOOPS = 4;
    private EmbeddedPostgres db;

    @BeforeAll
    void start() {
        try {
            db = EmbeddedPostgres.builder().setServerConfig("max_connections", "100").start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    void stop() throws IOException {
        db.close();
    }

    @Test
    void twoServicesWithDefaultPoolsBothServe() throws Exception {
        PgConfig defaults = PgConfig.fromUrl(PgFixture.url(db.getPort()));
        try (VertxLoops loopsA = VertxLoops.create(LOOPS); VertxLoops loopsB = VertxLoops.create(LOOPS);
                Postgres a = Postgres.create(loopsA.vertx(), defaults);
                Postgres b = Postgres.create(loopsB.vertx(), defaults);
                Server serviceA = service(loopsA, a); Server serviceB = service(loopsB, b)) {
            a.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
            b.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
            Await.until("every default connection of both services open", java.time.Duration.ofSeconds(30),
                    () -> a.liveConnections() == a.maxConnections() && b.liveConnections() == b.maxConnections());

            assertThat(a.maxConnections() + b.maxConnections()).isLessThanOrEqualTo(97);
            int transactions = defaults.transactionConnectionsPerLoop(LOOPS) * LOOPS;
            assertThat(a.maxConnections() + b.maxConnections() + 2 * transactions).isLessThanOrEqualTo(97);
            for (Server service : new Server[] {serviceA, serviceB}) {
                var response = new Http(service.port()).get("/answer");
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.body()).isEqualTo("42");
            }
        }
    }

    private static Server service(VertxLoops loops, Postgres postgres) {
        return Server.builder().port(0).eventLoops(loops.eventLoops())
                .routes(r -> r.get("/answer", RouteOptions.blocking(), (req, res) -> res.send(String.valueOf(
                        postgres.client().queryOne("SELECT 42 AS n", row -> row.getInteger("n")).toCompletableFuture().join()))))
                .build().start();
    }
}
