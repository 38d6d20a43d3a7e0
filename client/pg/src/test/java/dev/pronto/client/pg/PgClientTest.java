package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.pgclient.PgException;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PgClientTest {
    private static VertxLoops loops;
    private static Postgres postgres;
    private static PgClient client;

    @BeforeAll
    static void start() throws Exception {
        loops = VertxLoops.create(2);
        postgres = Postgres.create(loops.vertx(), PgFixture.config());
        postgres.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
        client = postgres.client(loops.eventLoops().group().next());
    }

    @AfterAll
    static void stop() {
        postgres.close();
        loops.close();
    }

    @Test
    void queryMapsEveryRowThroughTheMapper() throws Exception {
        List<Item> items = await(client.query(PgFixture.ASYNC_DB_SQL, Item.ROW, 10, 50, 20));

        assertThat(items).hasSize(20).allSatisfy(item -> {
            assertThat(item.price()).isBetween(10, 50);
            assertThat(item.name()).isEqualTo("Item " + item.id());
            assertThat(item.tags()).isNotEmpty();
        });
    }

    @Test
    void queryWithNoMatchingRowsIsEmpty() throws Exception {
        assertThat(await(client.query(PgFixture.ASYNC_DB_SQL, Item.ROW, 9999, 9999, 50))).isEmpty();
    }

    @Test
    void queryOneReturnsTheFirstRowOrNull() throws Exception {
        RowMapper<String> name = row -> row.getString(0);

        assertThat(await(client.queryOne("SELECT name FROM items WHERE id = $1", name, 42))).isEqualTo("Item 42");
        assertThat(await(client.queryOne("SELECT name FROM items WHERE id = $1", name, -1))).isNull();
    }

    @Test
    void executeReturnsTheRowCount() throws Exception {
        assertThat(await(client.execute("UPDATE items SET quantity = quantity WHERE id <= $1", 3))).isEqualTo(3);
    }

    @Test
    void sqlErrorsFailWithTheDriversException() {
        CompletionStage<List<Item>> stage = client.query("SELECT nope FROM items", Item.ROW);

        assertThat(stage.toCompletableFuture()).failsWithin(5, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(PgException.class);
    }

    @Test
    void callFromAnotherThreadRunsTheQueryOnTheClientsLoop() throws Exception {
        RowMapper<Boolean> onLoop = row -> client.eventLoop().inEventLoop();

        assertThat(await(client.query("SELECT 1", onLoop))).containsExactly(true);
    }

    @Test
    void clientOffTheLoopsTakesTheLoopsInTurnAndAnswers() throws Exception {
        PgClient first = postgres.client();
        PgClient second = postgres.client();

        assertThat(first.eventLoop()).isNotSameAs(second.eventLoop());
        assertThat(await(first.queryOne(PgFixture.ASYNC_DB_SQL, Item.ROW, 10, 50, 1))).isNotNull();
    }

    @Test
    void eachLoopOpensItsShareOfTheConnections() {
        assertThat(postgres.connectionsPerLoop()).isEqualTo(2);
        assertThat(client.available()).isTrue();
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
