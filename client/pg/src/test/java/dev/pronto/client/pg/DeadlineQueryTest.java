package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link PgClient#within}: a query past the caller's deadline is cancelled in Postgres, not only abandoned. */
class DeadlineQueryTest {
    private static final RowMapper<Integer> INT = row -> row.getInteger(0);
    private static final RowMapper<Long> LONG = row -> row.getLong(0);
    private static final String SLEEP = "SELECT 1 FROM pg_sleep(30) /* deadline-test */";
    private static final String SLEEPING = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
            + " AND query LIKE '%/* deadline-test */' AND pid <> pg_backend_pid()";
    private static VertxLoops loops;
    private static Postgres postgres;
    private static PgClient client;

    @BeforeAll
    static void start() throws Exception {
        loops = VertxLoops.create(1);
        postgres = Postgres.create(loops.vertx(), PgFixture.config().toBuilder().maxConnections(2).build());
        postgres.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
        client = postgres.client(loops.eventLoops().group().next());
    }

    @AfterAll
    static void stop() {
        postgres.close();
        loops.close();
    }

    @Test
    void queryPastTheDeadlineFailsWith504Quickly() {
        CompletableFuture<List<Integer>> slow = onLoop(() -> client.within(Duration.ofMillis(200).toNanos())
                .query(SLEEP, INT).toCompletableFuture());

        assertThat(slow).failsWithin(3, TimeUnit.SECONDS).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(QueryTimeoutException.class).withMessageContaining("deadline");
    }

    @Test
    void queryPastTheDeadlineIsCancelledInPostgres() {
        CompletableFuture<List<Integer>> slow = onLoop(() -> client.within(Duration.ofMillis(200).toNanos())
                .query(SLEEP, INT).toCompletableFuture());
        assertThat(slow).failsWithin(3, TimeUnit.SECONDS);

        Await.until("the sleeping query to stop in Postgres", Duration.ofSeconds(5), () -> sleeping() == 0);
    }

    @Test
    void connectionServesTheNextQueryAfterACancel() throws Exception {
        CompletableFuture<List<Integer>> slow = onLoop(() -> client.within(Duration.ofMillis(200).toNanos())
                .query(SLEEP, INT).toCompletableFuture());
        assertThat(slow).failsWithin(3, TimeUnit.SECONDS);

        assertThat(onLoop(() -> client.query("SELECT 7", INT).toCompletableFuture()).get(10, TimeUnit.SECONDS))
                .containsExactly(7);
    }

    @Test
    void queryWithinTheDeadlineAnswers() throws Exception {
        assertThat(onLoop(() -> client.within(Duration.ofSeconds(5).toNanos()).queryOne("SELECT 8", INT)
                .toCompletableFuture()).get(10, TimeUnit.SECONDS)).isEqualTo(8);
    }

    @Test
    void passedDeadlineFailsWithoutSending() {
        assertThat(client.within(0).query(SLEEP, INT).toCompletableFuture()).isCompletedExceptionally();
    }

    @Test
    void noDeadlineIsTheSameClient() {
        assertThat(client.within(Long.MAX_VALUE)).isSameAs(client);
    }

    private long sleeping() {
        try {
            return onLoop(() -> client.queryOne(SLEEPING, LONG).toCompletableFuture()).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            return -1;
        }
    }

    /** Runs {@code call} on the client's loop, as a handler would. */
    private static <T> CompletableFuture<T> onLoop(java.util.function.Supplier<CompletableFuture<T>> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        client.eventLoop().execute(() -> call.get().whenComplete((v, e) -> {
            if (e != null) {
                result.completeExceptionally(e);
            } else {
                result.complete(v);
            }
        }));
        return result;
    }
}
