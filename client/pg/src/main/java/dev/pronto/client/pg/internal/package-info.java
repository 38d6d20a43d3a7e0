/**
 * Internal use only; not API. Per-loop connection pools, query bookkeeping and the single class
 * that touches Vert.x internals ({@link dev.pronto.client.pg.internal.VertxBridge}).
 */
package dev.pronto.client.pg.internal;
