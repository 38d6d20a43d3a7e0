/**
 * The HttpArena async-db endpoint served end to end from Postgres: Pronto on Vert.x's loops with
 * pronto-pg ({@link dev.pronto.jmh.pg.ProntoAsyncDbServer}) against a Vert.x HttpServer baseline
 * with the same pg client ({@link dev.pronto.jmh.pg.VertxAsyncDbServer}); driven by
 * {@code jmh/load/async-db.sh}.
 */
package dev.pronto.jmh.pg;
