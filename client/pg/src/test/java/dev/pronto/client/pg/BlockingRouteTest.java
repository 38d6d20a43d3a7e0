package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code Postgres.client()} on a blocking route's virtual thread, answering and failing. */
class BlockingRouteTest {
    private static Server server(VertxLoops loops, Postgres postgres) {
        return Server.builder().port(0).eventLoops(loops.eventLoops())
                .routes(r -> r.get("/count", RouteOptions.blocking(), (req, res) -> {
                    Item first = postgres.client().queryOne(PgFixture.ASYNC_DB_SQL, Item.ROW, 10, 50, 1)
                            .toCompletableFuture().get();
                    res.send(Thread.currentThread().isVirtual() + " " + (first != null));
                }))
                .build().start();
    }

    @Test
    void blockingRouteWaitsForTheQuery() throws Exception {
        try (VertxLoops loops = VertxLoops.create(2); Postgres postgres = Postgres.create(loops.vertx(), PgFixture.config());
                Server server = server(loops, postgres)) {
            postgres.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);

            HttpResponse<String> response = new Http(server.port()).get("/count");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("true true");
        }
    }

    @Test
    void databaseNotConnectedIs503WithRetryAfterNot500() {
        try (VertxLoops loops = VertxLoops.create(1); Postgres postgres = Postgres.prepare(loops.vertx(), PgFixture.config());
                Server server = server(loops, postgres)) {
            HttpResponse<String> response = new Http(server.port()).get("/count");

            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.headers().firstValue("Retry-After")).contains("1");
            assertThat(response.body()).startsWith("database unavailable");
        }
    }
}
