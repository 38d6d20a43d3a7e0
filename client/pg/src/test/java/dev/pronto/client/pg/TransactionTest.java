package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Handler;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.core.ServiceUnavailableException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code Postgres.withTransaction}: commit, rollback, its own connection, and the routes that run one. */
class TransactionTest {
    private static final RowMapper<Integer> INT = row -> row.getInteger(0);
    private static VertxLoops loops;
    private static Postgres postgres;

    @BeforeAll
    static void start() throws Exception {
        loops = VertxLoops.create(2);
        postgres = Postgres.create(loops.vertx(), PgFixture.config());
        postgres.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);
        await(postgres.client().execute("CREATE TABLE IF NOT EXISTS tx_stock (item INTEGER PRIMARY KEY, quantity INTEGER NOT NULL)"));
        await(postgres.client().execute("CREATE TABLE IF NOT EXISTS tx_orders (id SERIAL PRIMARY KEY, item INTEGER NOT NULL)"));
    }

    @BeforeEach
    void reset() throws Exception {
        await(postgres.client().execute("TRUNCATE tx_orders"));
        await(postgres.client().execute("INSERT INTO tx_stock VALUES (1, 10) ON CONFLICT (item) DO UPDATE SET quantity = 10"));
    }

    @AfterAll
    static void stop() {
        postgres.close();
        loops.close();
    }

    private static CompletionStage<Integer> order(PgClient tx) {
        return tx.execute("UPDATE tx_stock SET quantity = quantity - 1 WHERE item = 1")
                .thenCompose(rows -> tx.queryOne("INSERT INTO tx_orders (item) VALUES (1) RETURNING id", INT));
    }

    @Test
    void aSucceedingStageCommitsEveryStatement() throws Exception {
        Integer id = await(postgres.withTransaction(TransactionTest::order));

        assertThat(id).isNotNull();
        assertThat(await(postgres.client().queryOne("SELECT quantity FROM tx_stock WHERE item = 1", INT))).isEqualTo(9);
        assertThat(await(postgres.client().queryOne("SELECT count(*)::int FROM tx_orders", INT))).isEqualTo(1);
    }

    @Test
    void aFailingStageRollsBackWhatRanBeforeAndFailsWithItsCause() {
        IllegalStateException refused = new IllegalStateException("refused");
        CompletionStage<Integer> stage = postgres.withTransaction(tx -> order(tx)
                .thenCompose(id -> CompletableFuture.<Integer>failedFuture(refused)));

        assertThat(stage.toCompletableFuture()).failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class).havingCause().isSameAs(refused);
        assertThat(quantity()).isEqualTo(10);
    }

    @Test
    void workThatThrowsRollsBack() {
        CompletionStage<Integer> stage = postgres.withTransaction(tx -> {
            tx.execute("UPDATE tx_stock SET quantity = 0 WHERE item = 1");
            throw new IllegalArgumentException("bad order");
        });

        assertThat(stage.toCompletableFuture()).failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(IllegalArgumentException.class);
        assertThat(quantity()).isEqualTo(10);
    }

    @Test
    void aFailedStatementTheWorkRecoversFromStillFailsTheCommit() throws Exception {
        CompletionStage<Integer> stage = postgres.withTransaction(tx -> order(tx)
                .thenCompose(id -> tx.execute("INSERT INTO tx_stock VALUES (1, 1)")) // duplicate key
                .exceptionally(duplicate -> 0));

        assertThat(stage.toCompletableFuture()).failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class);
        assertThat(quantity()).isEqualTo(10);
        assertThat(await(postgres.withTransaction(TransactionTest::order))).isNotNull();
    }

    @Test
    void uncommittedWritesAreInvisibleToTheSharedClient() throws Exception {
        AtomicReference<Integer> seenOutside = new AtomicReference<>();
        await(postgres.withTransaction(tx -> tx.execute("UPDATE tx_stock SET quantity = 3 WHERE item = 1")
                .thenCompose(rows -> postgres.client().queryOne("SELECT quantity FROM tx_stock WHERE item = 1", INT))
                .thenAccept(seenOutside::set)));

        assertThat(seenOutside.get()).isEqualTo(10);
        assertThat(quantity()).isEqualTo(3);
    }

    @Test
    void theClientFailsOnceItsTransactionEnded() throws Exception {
        PgClient ended = await(postgres.withTransaction(CompletableFuture::completedFuture));

        assertThat(ended.execute("SELECT 1").toCompletableFuture()).failsWithin(5, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void asyncAndBlockingRoutesRunTransactions() {
        try (Server server = Server.builder().port(0).eventLoops(loops.eventLoops())
                .routes(r -> r.post("/async", Handler.async((req, res) -> postgres.withTransaction(TransactionTest::order)
                                .thenApply(id -> "order " + id)))
                        .post("/blocking", RouteOptions.blocking(), (req, res) -> res.send("order "
                                + postgres.withTransaction(TransactionTest::order).toCompletableFuture().join())))
                .build().start()) {
            Http http = new Http(server.port());

            HttpResponse<String> async = http.post("/async");
            HttpResponse<String> blocking = http.post("/blocking");

            assertThat(async.statusCode()).isEqualTo(200);
            assertThat(blocking.statusCode()).isEqualTo(200);
            assertThat(async.body()).startsWith("order ");
            assertThat(blocking.body()).startsWith("order ");
            assertThat(quantity()).isEqualTo(8);
        }
    }

    @Test
    void noDatabaseIs503() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        PgConfig nowhere = PgFixture.config().toBuilder().port(closedPort).build();
        try (VertxLoops own = VertxLoops.create(1); Postgres down = Postgres.prepare(own.vertx(), nowhere)) {
            CompletionStage<Integer> stage = down.withTransaction(TransactionTest::order);

            assertThat(stage.toCompletableFuture()).failsWithin(10, TimeUnit.SECONDS)
                    .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(ServiceUnavailableException.class);
        }
    }

    private static int quantity() {
        try {
            return await(postgres.client().queryOne("SELECT quantity FROM tx_stock WHERE item = 1", INT));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
