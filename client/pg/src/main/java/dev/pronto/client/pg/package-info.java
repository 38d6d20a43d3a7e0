/**
 * Reactive Postgres on the server's own event loops, through vertx-pg-client.
 *
 * <pre>
 * VertxLoops   a Vert.x instance; its loops run the Pronto server (Server.builder().eventLoops)
 * Postgres     one pool of pipelined connections per loop; client() picks the caller's loop
 * PgClient     query(sql, RowMapper, params...) -&gt; CompletionStage&lt;List&lt;T&gt;&gt;, completed on that loop
 * PgConfig     postgres://user:pass@host:port/db, total connections, pipelining, timeouts, backoff
 * </pre>
 *
 * <p>Faults map to HTTP: no live connection or a lost one is a 503
 * ({@code ServiceUnavailableException}), a query timeout a 504 ({@link dev.pronto.client.pg.QueryTimeoutException}).
 */
package dev.pronto.client.pg;
