package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.PgConfig;
import dev.pronto.client.pg.RowMapper;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * The connections of one event loop and the {@link PgClient} over them. Every field is confined to
 * the loop; calls from other threads are moved onto it. Queries go to the least loaded live
 * connection, one connection per loop iteration; with none live they fail at once. A periodic sweep on the loop enforces the query timeout.
 */
public final class LoopPool implements TupleClient {
    private static final Collector<Row, Object, Object> IGNORE_ROWS = Collector.of(() -> null, (a, r) -> { },
            (a, b) -> a, a -> null);
    private static final Function<SqlResult<Object>, Integer> ROW_COUNT = SqlResult::rowCount;
    private final EventLoop loop;
    private final Connector connector;
    private final PgConfig config;
    private final Slot[] slots;
    private final TxPool transactions;
    private final CompletableFuture<Void> firstConnection = new CompletableFuture<>();
    private ScheduledFuture<?> sweeper;
    private MappingCollector<?> lastCollector;
    private Throwable lastFailure;
    private final Runnable endBatch = () -> batch = null;
    private Slot batch;
    private boolean closed;

    /**
     * A pool of {@code size} connections for {@code loop}; nothing connects before {@link #start()}.
     *
     * @param vertx the Vert.x instance whose loops include {@code loop}
     * @param loop the owning loop
     * @param config server and behaviour
     * @param size connections to keep open
     * @param transactionSize connections at most for transactions, opened on demand
     */
    public LoopPool(Vertx vertx, EventLoop loop, PgConfig config, int size, int transactionSize) {
        this.loop = loop;
        this.config = config;
        this.connector = new Connector(vertx, loop, config);
        this.slots = new Slot[size];
        this.transactions = new TxPool(this, transactionSize);
        for (int i = 0; i < size; i++) {
            slots[i] = new Slot(this);
        }
    }

    /** Starts connecting every slot and the timeout sweep; call on the loop. */
    public void start() {
        long period = Math.clamp(config.queryTimeout().toNanos() / 4, TimeUnit.MILLISECONDS.toNanos(1),
                TimeUnit.MILLISECONDS.toNanos(250));
        sweeper = loop.scheduleAtFixedRate(this::sweep, period, period, TimeUnit.NANOSECONDS);
        for (Slot slot : slots) {
            slot.connect();
        }
    }

    /** Completes when the first connection of this loop is live; never fails. */
    public CompletableFuture<Void> firstConnection() {
        return firstConnection;
    }

    /** Closes every connection and stops reconnecting; call on the loop. */
    public void close() {
        closed = true;
        if (sweeper != null) {
            sweeper.cancel(false);
        }
        for (Slot slot : slots) {
            slot.close();
        }
        transactions.close();
    }

    /**
     * Runs {@code work} in a transaction on a connection of this loop lent to it alone; any thread,
     * the work runs and the stage completes on this loop. See {@code Postgres.withTransaction}.
     */
    public <T> CompletableFuture<T> transaction(Function<PgClient, ? extends CompletionStage<T>> work) {
        Objects.requireNonNull(work, "work");
        if (loop.inEventLoop()) {
            return transactions.run(work);
        }
        return moved(() -> transactions.run(work));
    }

    @Override
    public EventLoop eventLoop() {
        return loop;
    }

    /** Live connections of this loop; read from other threads it may be a moment stale. */
    public int liveConnections() {
        int live = 0;
        for (Slot slot : slots) {
            live += slot.live() ? 1 : 0;
        }
        return live;
    }

    @Override
    public PgClient within(long remainingNanos) {
        return remainingNanos == Long.MAX_VALUE ? this : new DeadlineClient(this, System.nanoTime() + remainingNanos);
    }

    @Override
    public boolean available() {
        for (Slot slot : slots) {
            if (slot.live()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Tuple params) {
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(params, "params");
        return submit(sql, collector(Objects.requireNonNull(mapper, "mapper")), params, SqlResult::value);
    }

    @Override
    public CompletionStage<Integer> execute(String sql, Object... params) {
        Objects.requireNonNull(sql, "sql");
        return submit(sql, IGNORE_ROWS, TupleClient.tuple(params), ROW_COUNT);
    }

    <R, V> CompletableFuture<V> submit(String sql, Collector<Row, ?, R> collector, Tuple params,
            Function<SqlResult<R>, V> result) {
        if (!loop.inEventLoop()) {
            return moved(() -> submit(sql, collector, params, result));
        }
        Slot slot = pick();
        if (slot == null) {
            return CompletableFuture.failedFuture(Failures.unavailable(closed ? new IllegalStateException(
                    "Postgres client closed") : lastFailure));
        }
        return slot.execute(sql, collector, params, result);
    }

    /** A call from another thread, made on the loop; the stage it returns completes as the call's does. */
    private <V> CompletableFuture<V> moved(Supplier<CompletableFuture<V>> call) {
        CompletableFuture<V> moved = new CompletableFuture<>();
        loop.execute(() -> call.get().whenComplete((v, e) -> {
            if (e != null) {
                moved.completeExceptionally(e);
            } else {
                moved.complete(v);
            }
        }));
        return moved;
    }

    // Queries issued in one event-loop iteration (typically the requests of one epoll batch) all go
    // to the same connection, so that the consolidated flush sends them as one write and their
    // results come back in one read; each iteration starts on the least loaded live connection.
    private Slot pick() {
        Slot slot = batch;
        if (slot != null && slot.live()) {
            return slot;
        }
        slot = leastLoaded();
        if (slot != null) {
            batch = slot;
            loop.execute(endBatch);
        }
        return slot;
    }

    private Slot leastLoaded() {
        Slot best = null;
        for (Slot slot : slots) {
            if (slot.live() && (best == null || slot.inflight() < best.inflight())) {
                best = slot;
            }
        }
        return best;
    }

    // One cached collector: handlers almost always pass the same static mapper, and a fresh
    // lambda per call must not grow a map.
    @SuppressWarnings("unchecked")
    <T> MappingCollector<T> collector(RowMapper<T> mapper) {
        MappingCollector<?> last = lastCollector;
        if (last != null && last.mapper == mapper) {
            return (MappingCollector<T>) last;
        }
        MappingCollector<T> created = new MappingCollector<>(mapper);
        if (loop.inEventLoop()) {
            lastCollector = created;
        }
        return created;
    }

    private void sweep() {
        long now = System.nanoTime();
        long timeout = config.queryTimeout().toNanos();
        for (Slot slot : slots) {
            slot.expire(now, timeout);
        }
        transactions.expire(now, timeout);
    }

    Collector<Row, ?, Object> ignoreRows() {
        return IGNORE_ROWS;
    }

    Function<SqlResult<Object>, Integer> rowCount() {
        return ROW_COUNT;
    }

    Connector connector() {
        return connector;
    }

    EventLoop loop() {
        return loop;
    }

    boolean closed() {
        return closed;
    }

    Duration queryTimeout() {
        return config.queryTimeout();
    }

    long connectTimeoutNanos() {
        return config.connectTimeout().toNanos();
    }

    long reconnectMinNanos() {
        return config.reconnectMin().toNanos();
    }

    long reconnectMaxNanos() {
        return config.reconnectMax().toNanos();
    }

    void failed(Throwable cause) {
        lastFailure = cause;
    }

    void connected() {
        firstConnection.complete(null);
    }
}
