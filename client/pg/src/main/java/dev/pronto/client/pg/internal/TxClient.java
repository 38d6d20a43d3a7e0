package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.RowMapper;
import io.netty.channel.EventLoop;
import io.vertx.core.Future;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The client a transaction's work is handed: its statements go to the one connection lent to the
 * transaction, in order. Once the transaction has ended, every call fails: the connection is then
 * another transaction's.
 */
final class TxClient implements TupleClient {
    private final EventLoop loop;
    private final PgConnection connection;
    private volatile boolean ended;

    TxClient(EventLoop loop, PgConnection connection) {
        this.loop = loop;
        this.connection = connection;
    }

    void end() {
        ended = true;
    }

    @Override
    public EventLoop eventLoop() {
        return loop;
    }

    @Override
    public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Tuple params) {
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(params, "params");
        MappingCollector<T> collector = new MappingCollector<>(Objects.requireNonNull(mapper, "mapper"));
        return run(() -> connection.preparedQuery(sql).collecting(collector).execute(params), SqlResult::value);
    }

    @Override
    public CompletionStage<Integer> execute(String sql, Object... params) {
        Objects.requireNonNull(sql, "sql");
        Tuple tuple = TupleClient.tuple(params);
        return run(() -> connection.preparedQuery(sql).execute(tuple), SqlResult::rowCount);
    }

    @Override
    public boolean available() {
        return !ended;
    }

    private <R, S extends SqlResult<R>, V> CompletableFuture<V> run(Supplier<Future<S>> send,
            Function<S, V> result) {
        if (ended) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "transaction already ended: use the client only inside its withTransaction work"));
        }
        CompletableFuture<V> done = new CompletableFuture<>();
        try {
            send.get().onComplete(ar -> {
                if (ar.succeeded()) {
                    done.complete(result.apply(ar.result()));
                } else {
                    done.completeExceptionally(Failures.map(ar.cause()));
                }
            });
        } catch (RuntimeException e) {
            done.completeExceptionally(Failures.map(e));
        }
        return done;
    }
}
