package dev.pronto.client.pg;

import io.vertx.sqlclient.Row;

/**
 * Maps one result row to a value, without reflection: usually a record's static factory.
 *
 * <pre>{@code
 * record Item(int id, String name) {
 *     static final RowMapper<Item> ROW = row -> new Item(row.getInteger(0), row.getString(1));
 * }
 * }</pre>
 *
 * <p>The row is vertx-pg-client's {@link Row}, read by column index (fastest) or name. It is
 * recycled for the next row once this method returns: copy what you keep, never the row itself.
 * Runs on the event loop while the result is decoded and must not block. An exception fails the
 * query with that exception (a 500 unless it is an {@code HttpException}).
 *
 * @param <T> the mapped type
 */
@FunctionalInterface
public interface RowMapper<T> {
    /**
     * Maps {@code row}.
     *
     * @param row the current row; valid only during this call
     * @return the value for this row; may be null
     */
    T map(Row row);
}
