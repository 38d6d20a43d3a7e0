package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.QueryTimeoutException;
import io.netty.channel.ConnectTimeoutException;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.AsyncResult;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collector;

/**
 * One connection of a loop's pool and its life: connect, serve, lose, reconnect with exponential
 * backoff. Confined to the pool's event loop. Queries in flight are kept in send order, which is
 * also the order Postgres answers a pipelined connection in, so the oldest one is at the head.
 */
final class Slot {
    /** Flushes merged into one write; beyond this many a write goes out at once. */
    private static final int MAX_DEFERRED_FLUSHES = 64;
    private final LoopPool pool;
    private final ArrayDeque<PendingQuery<?, ?>> inflight = new ArrayDeque<>();
    private PgConnection connection;
    private ScheduledFuture<?> retry;
    private long backoffNanos;
    private int attempt;

    Slot(LoopPool pool) {
        this.pool = pool;
        this.backoffNanos = pool.reconnectMinNanos();
    }

    boolean live() {
        return connection != null;
    }

    /** Queries sent and not yet answered (approximately: answered ones leave from the head). */
    int inflight() {
        return inflight.size();
    }

    void connect() {
        retry = null;
        if (pool.closed()) {
            return;
        }
        int id = ++attempt;
        // vertx-pg-client has no connect timeout of its own: an attempt that outlives ours is dropped.
        ScheduledFuture<?> timer = pool.loop().schedule(() -> abandon(id), pool.connectTimeoutNanos(),
                TimeUnit.NANOSECONDS);
        pool.connector().connect(ar -> {
            timer.cancel(false);
            connected(id, ar);
        });
    }

    private void abandon(int id) {
        if (id == attempt) {
            attempt++;
            pool.failed(new ConnectTimeoutException("no connection within " + pool.connectTimeoutNanos() / 1_000_000
                    + " ms (PgConfig.connectTimeout)"));
            scheduleRetry();
        }
    }

    private void connected(int id, AsyncResult<PgConnection> ar) {
        if (id != attempt || pool.closed()) {
            if (ar.succeeded()) {
                ar.result().close();
            }
            return;
        }
        if (ar.failed()) {
            pool.failed(ar.cause());
            scheduleRetry();
            return;
        }
        PgConnection c = ar.result();
        VertxBridge.consolidateFlushes(c, MAX_DEFERRED_FLUSHES);
        c.exceptionHandler(pool::failed);
        c.closeHandler(v -> lost(c));
        connection = c;
        backoffNanos = pool.reconnectMinNanos();
        pool.connected();
    }

    private void lost(PgConnection c) {
        if (connection == c) {
            connection = null;
            scheduleRetry();
        }
    }

    private void scheduleRetry() {
        if (!pool.closed() && retry == null) {
            retry = pool.loop().schedule(this::connect, backoffNanos, TimeUnit.NANOSECONDS);
            backoffNanos = Math.min(backoffNanos * 2, pool.reconnectMaxNanos());
        }
    }

    <R, V> PendingQuery<R, V> execute(String sql, Collector<Row, ?, R> collector, Tuple params,
            Function<SqlResult<R>, V> result) {
        PendingQuery<R, V> query = new PendingQuery<>(this, System.nanoTime(), result);
        inflight.add(query);
        try {
            connection.preparedQuery(sql).collecting(collector).execute(params).onComplete(query);
        } catch (RuntimeException e) {
            query.completeExceptionally(Failures.map(e));
            retire();
        }
        return query;
    }

    /**
     * The caller's deadline of {@code query} passed: if Postgres is running it (the oldest one
     * unanswered), a cancel request stops it there. Postgres may have just finished it and started
     * the next, which the cancel then hits; that one fails with 57014, a 503.
     */
    void cancel(PendingQuery<?, ?> query) {
        retire();
        PgConnection c = connection;
        if (c != null && inflight.peek() == query) {
            c.cancelRequest();
        }
    }

    /** Drops completed queries from the head. */
    void retire() {
        PendingQuery<?, ?> head;
        while ((head = inflight.peek()) != null && head.isDone()) {
            inflight.poll();
        }
    }

    /**
     * Fails every query that waited {@code timeoutNanos} with a 504, oldest first; since the ones
     * behind them wait on the same pipelined connection, the connection is closed (failing those
     * with 503) and re-established.
     */
    void expire(long now, long timeoutNanos) {
        boolean expired = false;
        PendingQuery<?, ?> head;
        while ((head = inflight.peek()) != null && (head.isDone() || now - head.started >= timeoutNanos)) {
            inflight.poll();
            if (!head.isDone()) {
                expired |= head.completeExceptionally(new QueryTimeoutException(pool.queryTimeout()));
            }
        }
        PgConnection c = connection;
        if (expired && c != null) {
            connection = null;
            c.close();
            scheduleRetry();
        }
    }

    void close() {
        if (retry != null) {
            retry.cancel(false);
            retry = null;
        }
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }
}
