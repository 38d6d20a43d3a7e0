package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.QueryTimeoutException;
import dev.pronto.client.pg.RowMapper;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * A {@link LoopPool}'s client bound to a caller's deadline ({@link PgClient#within}): each query
 * gets one task on the loop that, at the deadline, fails it with a 504 and cancels it on the
 * server if it is running there. Made per request, only when the request has a deadline.
 */
final class DeadlineClient implements TupleClient {
    private final LoopPool pool;
    /** On {@link System#nanoTime()}'s clock. */
    private final long deadline;

    DeadlineClient(LoopPool pool, long deadline) {
        this.pool = pool;
        this.deadline = deadline;
    }

    @Override
    public EventLoop eventLoop() {
        return pool.eventLoop();
    }

    @Override
    public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Tuple params) {
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(mapper, "mapper");
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return CompletableFuture.failedFuture(QueryTimeoutException.deadline());
        }
        return watch(pool.submit(sql, pool.collector(mapper), params, SqlResult::value), left);
    }

    @Override
    public CompletionStage<Integer> execute(String sql, Object... params) {
        Objects.requireNonNull(sql, "sql");
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return CompletableFuture.failedFuture(QueryTimeoutException.deadline());
        }
        return watch(pool.submit(sql, pool.ignoreRows(), TupleClient.tuple(params),
                pool.rowCount()), left);
    }

    @Override
    public boolean available() {
        return pool.available();
    }

    @Override
    public PgClient within(long remainingNanos) {
        long other = remainingNanos == Long.MAX_VALUE ? deadline : System.nanoTime() + remainingNanos;
        return other - deadline >= 0 ? this : new DeadlineClient(pool, other);
    }

    private <V> CompletableFuture<V> watch(CompletableFuture<V> query, long left) {
        if (query.isDone()) {
            return query;
        }
        ScheduledFuture<?> timer = pool.eventLoop().schedule(() -> expire(query), left, TimeUnit.NANOSECONDS);
        query.whenComplete((v, e) -> timer.cancel(false));
        return query;
    }

    private static void expire(CompletableFuture<?> query) {
        if (query instanceof PendingQuery<?, ?> pending) {
            pending.cancel(QueryTimeoutException.deadline());
        } else {
            // submitted from another thread: only its copy on this side can be failed
            query.completeExceptionally(QueryTimeoutException.deadline());
        }
    }
}
