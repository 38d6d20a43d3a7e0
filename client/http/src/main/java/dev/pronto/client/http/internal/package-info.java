/**
 * Internal use only; not API. The client's machinery: one {@link dev.pronto.client.http.internal.LoopContext}
 * per event loop (MPSC inbox, timers, batched flushes), one {@link dev.pronto.client.http.internal.LoopPool}
 * per host on each loop, {@link dev.pronto.client.http.internal.PooledConnection} with its FIFO of
 * in-flight requests, and the hand-written {@link dev.pronto.client.http.internal.ResponseDecoder}.
 */
package dev.pronto.client.http.internal;
