/**
 * Internal use only; not API. The client's machinery: one {@link dev.pronto.client.http.internal.LoopContext}
 * per event loop (MPSC inbox, timers, batched flushes), one {@link dev.pronto.client.http.internal.LoopPool}
 * per host on each loop, opened through a {@link dev.pronto.client.http.internal.ConnectAttempt}
 * (TLS and ALPN included) into either an HTTP/1.1 {@link dev.pronto.client.http.internal.PooledConnection}
 * with its FIFO of in-flight requests and the hand-written
 * {@link dev.pronto.client.http.internal.ResponseDecoder}, or an HTTP/2
 * {@link dev.pronto.client.http.internal.H2Connection} on Netty's frame layer with one
 * {@link dev.pronto.client.http.internal.H2Stream} per request.
 */
package dev.pronto.client.http.internal;
