package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class QueryTimeoutTest {
    private static final RowMapper<Integer> INT = row -> row.getInteger(0);

    @Test
    void slowQueryFailsWith504AndTheClientRecovers() throws Exception {
        PgConfig config = PgFixture.config().toBuilder().maxConnections(1).queryTimeout(Duration.ofMillis(300))
                .reconnect(Duration.ofMillis(20), Duration.ofMillis(200)).build();
        try (VertxLoops loops = VertxLoops.create(1); Postgres postgres = Postgres.create(loops.vertx(), config)) {
            postgres.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
            PgClient client = postgres.client(loops.eventLoops().group().next());

            CompletableFuture<List<Integer>> slow = client.query("SELECT 1 FROM pg_sleep(3)", INT)
                    .toCompletableFuture();

            assertThat(slow).failsWithin(2, TimeUnit.SECONDS).withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(QueryTimeoutException.class)
                    .withMessageContaining("timed out after 300 ms (PgConfig.queryTimeout)");
            Await.until("a query to succeed after the timeout", Duration.ofSeconds(10), () -> answers(client));
        }
    }

    private static boolean answers(PgClient client) {
        try {
            return client.query("SELECT 7", INT).toCompletableFuture().get(5, TimeUnit.SECONDS).equals(List.of(7));
        } catch (Exception e) {
            return false;
        }
    }
}
