package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.PgClient;
import dev.pronto.core.ServiceUnavailableException;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Transaction;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The transaction connections of one event loop: opened on demand up to {@code max}, each lent to
 * one transaction at a time (the loop's shared connections are pipelined, so a {@code BEGIN} there
 * would take in other requests' statements), kept open while idle. Confined to the loop.
 *
 * <p>A transaction's life: acquire a connection (idle, newly opened, or wait for one; a wait longer
 * than the query timeout fails with 503), {@code BEGIN}, run the work with a {@link TxClient},
 * then {@code COMMIT} when its stage succeeded or {@code ROLLBACK} when it failed, and give the
 * connection back (closed instead when the commit or rollback failed, as its state is unknown).
 */
final class TxPool {
    private record Waiter(long since, CompletableFuture<PgConnection> lent) {
    }

    private final LoopPool pool;
    private final int max;
    private final ArrayDeque<PgConnection> idle = new ArrayDeque<>();
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    /** Connections open, idle or lent out. */
    private final Set<PgConnection> live = Collections.newSetFromMap(new IdentityHashMap<>());
    private int connecting;

    TxPool(LoopPool pool, int max) {
        this.pool = pool;
        this.max = max;
    }

    /** Runs {@code work} in a transaction; call on the loop. The stage completes on the loop. */
    <T> CompletableFuture<T> run(Function<PgClient, ? extends CompletionStage<T>> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        acquire().whenComplete((connection, failure) -> {
            if (failure != null) {
                result.completeExceptionally(failure);
            } else {
                connection.begin().onComplete(begun -> {
                    if (begun.failed()) {
                        release(connection, false);
                        result.completeExceptionally(Failures.map(begun.cause()));
                    } else {
                        perform(connection, begun.result(), work, result);
                    }
                });
            }
        });
        return result;
    }

    private <T> void perform(PgConnection connection, Transaction transaction,
            Function<PgClient, ? extends CompletionStage<T>> work, CompletableFuture<T> result) {
        TxClient client = new TxClient(pool.eventLoop(), connection);
        CompletionStage<T> stage;
        try {
            stage = work.apply(client);
        } catch (RuntimeException | Error e) {
            stage = CompletableFuture.failedFuture(e);
        }
        // the work may complete its stage on another thread: commit or roll back from the loop
        stage.whenComplete((value, failure) -> pool.eventLoop().execute(() -> {
            client.end();
            if (failure == null) {
                transaction.commit().onComplete(done -> {
                    release(connection, done.succeeded());
                    if (done.succeeded()) {
                        result.complete(value);
                    } else {
                        result.completeExceptionally(Failures.map(done.cause()));
                    }
                });
            } else {
                transaction.rollback().onComplete(done -> {
                    release(connection, done.succeeded());
                    result.completeExceptionally(failure);
                });
            }
        }));
    }

    private CompletableFuture<PgConnection> acquire() {
        if (pool.closed()) {
            return CompletableFuture.failedFuture(Failures.unavailable(new IllegalStateException("closed")));
        }
        PgConnection connection = idle.poll();
        if (connection != null) {
            return CompletableFuture.completedFuture(connection);
        }
        CompletableFuture<PgConnection> lent = new CompletableFuture<>();
        waiters.add(new Waiter(System.nanoTime(), lent));
        if (live.size() + connecting < max) {
            open();
        }
        return lent;
    }

    private void open() {
        connecting++;
        pool.connector().connect(ar -> {
            connecting--;
            if (ar.failed()) {
                failWaiters(ar.cause());
                return;
            }
            PgConnection connection = ar.result();
            live.add(connection);
            connection.closeHandler(v -> forget(connection));
            release(connection, true);
        });
    }

    // Nothing open and nothing opening can serve the waiters: they fail now, not after the timeout.
    private void failWaiters(Throwable cause) {
        if (live.isEmpty() && connecting == 0) {
            Waiter waiter;
            while ((waiter = waiters.poll()) != null) {
                waiter.lent.completeExceptionally(Failures.unavailable(cause));
            }
        }
    }

    private void release(PgConnection connection, boolean reusable) {
        if (!reusable || pool.closed()) {
            connection.close();
            forget(connection);
            return;
        }
        Waiter waiter = waiters.poll();
        if (waiter != null) {
            waiter.lent.complete(connection);
        } else {
            idle.add(connection);
        }
    }

    // a connection closed (by us, by Postgres, by the network): forget it, and open another for a waiter
    private void forget(PgConnection connection) {
        if (live.remove(connection)) {
            idle.remove(connection);
            if (!waiters.isEmpty() && live.size() + connecting < max && !pool.closed()) {
                open();
            }
        }
    }

    /** Fails the waits that lasted {@code timeoutNanos} with 503. */
    void expire(long now, long timeoutNanos) {
        Waiter head;
        while ((head = waiters.peek()) != null && now - head.since >= timeoutNanos) {
            waiters.poll();
            head.lent.completeExceptionally(new ServiceUnavailableException(
                    "database busy: no transaction connection free within the query timeout; retrying"));
        }
    }

    /** Closes the idle connections and fails the waits; connections lent out close when given back. */
    void close() {
        PgConnection connection;
        while ((connection = idle.poll()) != null) {
            connection.close();
        }
        Waiter waiter;
        while ((waiter = waiters.poll()) != null) {
            waiter.lent.completeExceptionally(Failures.unavailable(new IllegalStateException("closed")));
        }
    }
}
