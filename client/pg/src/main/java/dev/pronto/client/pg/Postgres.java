package dev.pronto.client.pg;

import dev.pronto.client.pg.internal.LoopPool;
import dev.pronto.client.pg.internal.VertxBridge;
import dev.pronto.core.HealthCheck;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Postgres for a server running on Vert.x's event loops: one small pool of pipelined connections
 * per loop, each created from a context bound to its loop, so a query issued by a handler completes
 * on that handler's thread and nothing ever hops threads.
 *
 * <pre>{@code
 * VertxLoops loops = VertxLoops.create(Runtime.getRuntime().availableProcessors());
 * Postgres postgres = Postgres.create(loops.vertx(), PgConfig.fromUrl(System.getenv("DATABASE_URL")));
 * Server server = Server.builder()
 *     .eventLoops(loops.eventLoops())
 *     .routes(r -> r.get("/items", Handler.async((req, res) -> postgres.client()
 *         .query("SELECT id, name FROM items LIMIT $1", Item.ROW, 10))))
 *     .build().start();
 * }</pre>
 *
 * <p>Each loop opens {@link PgConfig#connectionsPerLoop(int)} connections in the background:
 * creating this object never fails or blocks because Postgres is down. Until a loop has a live
 * connection its queries fail at once with a 503; lost connections are re-established with
 * exponential backoff and service resumes by itself. See {@link PgClient} for the errors.
 *
 * <p>Thread-safe. Close it before closing Vert.x; closing does not close Vert.x.
 */
public final class Postgres implements AutoCloseable {
    private final FastThreadLocal<LoopPool> current = new FastThreadLocal<>();
    private final Map<EventLoop, LoopPool> pools = new IdentityHashMap<>();
    private final int perLoop;
    private final AtomicBoolean connecting = new AtomicBoolean();
    /** The pools in a fixed order, for callers on no loop of their own (virtual threads). */
    private final LoopPool[] order;
    private final AtomicInteger turn = new AtomicInteger();
    private static final Logger LOG = LoggerFactory.getLogger(Postgres.class);

    private Postgres(Vertx vertx, PgConfig config) {
        List<EventLoop> loops = new ArrayList<>();
        for (EventExecutor executor : VertxBridge.eventLoopGroup(vertx)) {
            loops.add((EventLoop) executor);
        }
        perLoop = config.connectionsPerLoop(loops.size());
        int txPerLoop = config.transactionConnectionsPerLoop(loops.size());
        for (EventLoop loop : loops) {
            pools.put(loop, new LoopPool(vertx, loop, config, perLoop, txPerLoop));
        }
        order = pools.values().toArray(LoopPool[]::new);
        LOG.info("Postgres {}:{}/{}: {} connections ({} per event loop over {} loops), pipelining {}, and up to {}"
                + " for transactions; maxConnections and transactionConnections to change, see docs/postgres.md"
                + " for sizing", config.host(), config.port(), config.database(), perLoop * loops.size(), perLoop,
                loops.size(), config.pipeliningLimit(), txPerLoop * loops.size());
    }

    /**
     * Creates the per-loop pools of {@code vertx}'s event loops and starts connecting.
     *
     * @param vertx the Vert.x instance the server's loops belong to, e.g. {@link VertxLoops#vertx()}
     * @param config where Postgres is and how many connections to open
     * @return the clients, connecting in the background
     */
    public static Postgres create(Vertx vertx, PgConfig config) {
        Postgres postgres = prepare(vertx, config);
        postgres.connect();
        return postgres;
    }

    /**
     * Creates the per-loop pools without connecting: until {@link #connect()} every query fails at once
     * with a 503, and the health check is down. For a server that should take its first requests before
     * the pools start, e.g. {@code Server.builder().onStart(s -> postgres.connect())}: opening the first
     * connections loads the Postgres client on the event loops.
     *
     * @param vertx the Vert.x instance the server's loops belong to, e.g. {@link VertxLoops#vertx()}
     * @param config where Postgres is and how many connections to open
     * @return the clients, not connecting yet
     */
    public static Postgres prepare(Vertx vertx, PgConfig config) {
        Objects.requireNonNull(vertx, "vertx");
        Objects.requireNonNull(config, "config");
        return new Postgres(vertx, config);
    }

    /**
     * Starts connecting on every loop; later calls do nothing. Any thread; waits up to five seconds
     * per loop for the loop to take the task, not for a connection.
     */
    public void connect() {
        if (!connecting.compareAndSet(false, true)) {
            return;
        }
        pools.forEach((loop, pool) -> onLoop(loop, () -> {
            current.set(pool);
            pool.start();
        }));
    }

    /**
     * The client to use in a handler. On one of the Vert.x event loops (an event-loop or async route of a
     * server on {@link VertxLoops#eventLoops()}) it is that loop's client, whose stages complete on the
     * calling thread. On any other thread (a {@code RouteOptions.blocking()} route's virtual thread, a
     * worker) it is the client of the next loop in turn: each call is handed to that loop and its stage
     * completes there, so a blocking route waits with {@code join()} or {@code get()} (the server answers
     * the 503 or 504 the stage failed with, not a 500).
     *
     * @return a client, never null
     */
    public PgClient client() {
        return pool();
    }

    /**
     * Runs {@code work} in a transaction: {@code BEGIN} on a connection lent to this transaction alone, then
     * {@code work} with a client whose statements all go to it, then {@code COMMIT} once the stage {@code work}
     * returns succeeds, or {@code ROLLBACK} when it fails (or {@code work} throws).
     *
     * <pre>{@code
     * postgres.withTransaction(tx -> tx.execute("UPDATE stock SET quantity = quantity - $2 WHERE item = $1", item, n)
     *         .thenCompose(rows -> tx.execute("INSERT INTO orders (item, quantity) VALUES ($1, $2)", item, n)))
     * }</pre>
     *
     * <p>Threading: the connection belongs to the calling event loop (to the next loop in turn when called from
     * another thread, e.g. a blocking route, which then waits on the returned stage); {@code work} runs on that
     * loop and must not block it: chain the client's stages, never {@code join()} them inside {@code work}. The
     * returned stage completes on that loop after the commit or rollback. The client must not be used once the
     * stage {@code work} returned has completed: its calls then fail.
     *
     * <p>Connections: transactions do not share the pipelined connections of {@link #client()}; each loop opens
     * up to {@link PgConfig#transactionConnectionsPerLoop(int)} more on first use and keeps them open. A
     * transaction that finds them all lent waits for one, up to {@link PgConfig#queryTimeout()}.
     *
     * <p>Errors: the stage fails with what {@code work}'s stage failed with (after the rollback); with a
     * {@link dev.pronto.core.ServiceUnavailableException} (503) when no connection could be opened or none was
     * free in time; with vertx-pg-client's exception when the commit failed (e.g. a serialization failure, or a
     * statement of the transaction failed and the work went on).
     *
     * @param work the statements, given the transaction's client; returns the stage whose outcome decides
     * @return the value of {@code work}'s stage once committed
     */
    public <T> CompletionStage<T> withTransaction(Function<PgClient, ? extends CompletionStage<T>> work) {
        return pool().transaction(work);
    }

    private LoopPool pool() {
        LoopPool pool = current.getIfExists();
        if (pool == null) {
            pool = ownPool();
        }
        return pool != null ? pool : order[Math.floorMod(turn.getAndIncrement(), order.length)];
    }

    /**
     * The client owned by {@code loop}.
     *
     * @throws IllegalArgumentException if {@code loop} is not one of the Vert.x event loops
     */
    public PgClient client(EventLoop loop) {
        LoopPool pool = pools.get(Objects.requireNonNull(loop, "loop"));
        if (pool == null) {
            throw new IllegalArgumentException("event loop " + loop + " is not one of this Vert.x instance's loops");
        }
        return pool;
    }

    /** Connections each event loop keeps open. */
    public int connectionsPerLoop() {
        return perLoop;
    }

    /**
     * Completes once every event loop has at least one live connection; never fails (it keeps
     * waiting while Postgres is down). Useful to delay readiness probes or benchmarks.
     */
    public CompletionStage<Void> ready() {
        return CompletableFuture.allOf(pools.values().stream().map(LoopPool::firstConnection)
                .toArray(CompletableFuture[]::new));
    }

    /** Connections this client keeps open when Postgres is up: {@link #connectionsPerLoop()} per event loop. */
    public int maxConnections() {
        return perLoop * pools.size();
    }

    /**
     * Connections live now, over every event loop, for metrics; any thread, without locking (a read
     * may be a moment stale).
     */
    public int liveConnections() {
        return pools.values().stream().mapToInt(LoopPool::liveConnections).sum();
    }

    /**
     * A readiness check for {@code dev.pronto.core.Health}: up while every event loop has a live
     * connection, so a request on any loop can reach Postgres. It reads the pools' state without
     * locking (a probe may see a change a moment late) and does no I/O.
     */
    public HealthCheck healthCheck() {
        return () -> {
            long missing = pools.values().stream().filter(pool -> !pool.available()).count();
            return missing == 0 ? HealthCheck.Result.healthy()
                    : HealthCheck.Result.unhealthy("no live connection on " + missing + " of " + pools.size() + " event loops");
        };
    }

    /**
     * Closes every connection and stops reconnecting; queries issued afterwards fail with 503.
     * Waits up to five seconds for the loops to run the close.
     */
    @Override
    public void close() {
        connecting.set(true); // a later connect() must not reopen what is closed
        pools.forEach((loop, pool) -> onLoop(loop, () -> {
            pool.close();
            current.remove();
        }));
    }

    // before connect() has run on this loop, its thread-local is not set yet
    private LoopPool ownPool() {
        for (Map.Entry<EventLoop, LoopPool> e : pools.entrySet()) {
            if (e.getKey().inEventLoop()) {
                return e.getValue();
            }
        }
        return null;
    }

    private static void onLoop(EventLoop loop, Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
            return;
        }
        Future<?> done = loop.submit(task);
        if (!done.awaitUninterruptibly(5, TimeUnit.SECONDS)) {
            throw new IllegalStateException("event loop " + loop + " did not run the Postgres task within 5 s");
        }
        if (!done.isSuccess()) {
            throw new IllegalStateException("Postgres task failed on " + loop, done.cause());
        }
    }
}
