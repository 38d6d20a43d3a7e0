package dev.pronto.client.pg.internal;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.RowMapper;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * The forms of {@link PgClient} that this module's clients (the loop's pool, a deadline's client, a
 * transaction's client) derive alike from their {@link Tuple} query: the varargs query wraps its
 * parameters, {@code queryOne} is the first row of it or null. Each client gives the rest itself.
 */
interface TupleClient extends PgClient {
    @Override
    default <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Object... params) {
        return query(sql, mapper, tuple(params));
    }

    @Override
    default <T> CompletionStage<T> queryOne(String sql, RowMapper<T> mapper, Object... params) {
        return query(sql, mapper, params).thenApply(rows -> rows.isEmpty() ? null : rows.get(0));
    }

    /** The statement parameters {@code params}, not copied; a null array fails naming it. */
    static Tuple tuple(Object[] params) {
        return Tuple.wrap(Objects.requireNonNull(params, "params"));
    }
}
