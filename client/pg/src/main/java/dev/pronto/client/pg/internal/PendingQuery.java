package dev.pronto.client.pg.internal;

import io.vertx.core.AsyncResult;
import io.vertx.core.Handler;
import io.vertx.sqlclient.SqlResult;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One query in flight on a connection: the stage handed to the caller and the driver's completion
 * handler at once, so a query costs one object of ours. Completed by the driver, by the timeout
 * sweep, whichever comes first; the other is ignored.
 */
final class PendingQuery<R, V> extends CompletableFuture<V> implements Handler<AsyncResult<SqlResult<R>>> {
    final long started;
    private final Slot slot;
    private final Function<SqlResult<R>, V> result;

    PendingQuery(Slot slot, long started, Function<SqlResult<R>, V> result) {
        this.slot = slot;
        this.started = started;
        this.result = result;
    }

    /** The caller's deadline passed: stop it on the server if it runs there, and fail it with {@code failure}. */
    void cancel(Throwable failure) {
        if (!isDone()) {
            slot.cancel(this);
            completeExceptionally(failure);
        }
    }

    @Override
    public void handle(AsyncResult<SqlResult<R>> ar) {
        try {
            if (ar.succeeded()) {
                complete(result.apply(ar.result()));
            } else {
                completeExceptionally(Failures.map(ar.cause()));
            }
        } catch (RuntimeException e) {
            completeExceptionally(e);
        }
        slot.retire();
    }
}
