package dev.pronto.client.pg;

import io.netty.channel.EventLoop;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The Postgres client of one event loop: a few pipelined connections owned by that loop, whose
 * results arrive on that same thread. Obtain it with {@link Postgres#client()} inside a handler.
 *
 * <pre>{@code
 * routes.get("/items", Handler.async((req, res) -> postgres.client()
 *         .query("SELECT id, name FROM items WHERE price <= $1", Item.ROW, 50)));
 * }</pre>
 *
 * <p>Threading: call it on its {@link #eventLoop()} (a handler's thread); the returned stage then
 * completes on that thread, so {@code Response.send(stage)} writes without a hop. A call from
 * another thread is moved to the loop first. Never blocks.
 *
 * <p>Statements are prepared once per connection and cached (see
 * {@link PgConfig#cachePreparedStatements()}), and queries are pipelined on the connection.
 *
 * <p>Errors: the stage fails with {@link dev.pronto.core.ServiceUnavailableException} (503) when
 * the loop has no live connection or the connection is lost mid-query (connections are
 * re-established in the background with backoff), with {@link QueryTimeoutException} (504) after
 * {@link PgConfig#queryTimeout()}, and with vertx-pg-client's {@code PgException} for SQL errors
 * (a 500 whose message stays on the server).
 */
public interface PgClient {
    /** The event loop that owns this client's connections and completes its stages. */
    EventLoop eventLoop();

    /**
     * Runs {@code sql} as a prepared statement with positional parameters {@code $1, $2, ...} and
     * maps every row.
     *
     * @param sql the statement, with {@code $n} placeholders
     * @param mapper maps each row; see {@link RowMapper}
     * @param params the parameter values in order (Integer, Long, String, Boolean, ...)
     * @return the mapped rows in result order; completes on {@link #eventLoop()}
     */
    <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Object... params);

    /** As {@link #query(String, RowMapper, Object...)}, with the parameters as a {@link Tuple}. */
    <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Tuple params);

    /**
     * Runs {@code sql} and maps its first row.
     *
     * @return the first row mapped, or null when the result is empty
     */
    <T> CompletionStage<T> queryOne(String sql, RowMapper<T> mapper, Object... params);

    /**
     * Runs a statement without a result set (INSERT, UPDATE, DELETE, DDL).
     *
     * @return the number of rows affected
     */
    CompletionStage<Integer> execute(String sql, Object... params);

    /** Whether at least one connection of this loop is live right now. */
    boolean available();

    /**
     * This client bound to the caller's deadline, for one request: its queries fail with a
     * {@link QueryTimeoutException} (504) once {@code remainingNanos} have passed, and the one
     * Postgres is running then is cancelled on the server (a cancel request on a side connection),
     * so the database stops working for a caller that no longer waits. A query still queued behind
     * another on the pipelined connection is only abandoned: it runs when its turn comes.
     *
     * <pre>{@code
     * postgres.client().within(req.remainingNanos()).queryOne(ONE, ITEM, id)
     * }</pre>
     *
     * <p>Costs nothing without a deadline: {@code remainingNanos == Long.MAX_VALUE} (what
     * {@code Request.remainingNanos()} returns when the caller sent none) gives this client itself.
     * With one, each query schedules one task on the loop, cancelled when the query completes.
     * The default, for clients that cannot cancel, is this client itself (no deadline).
     *
     * @param remainingNanos the time left, e.g. {@code req.remainingNanos()}; zero or less fails
     *        every query at once
     */
    default PgClient within(long remainingNanos) {
        return this;
    }
}
