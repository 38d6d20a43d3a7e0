/**
 * Internal use only; not API. The client's HTTP/1.1: {@link
 * dev.pronto.client.http.internal.http1.PooledConnection} (one keep-alive connection, its FIFO of
 * pipelined requests, one write batch per loop turn), the hand-written {@link
 * dev.pronto.client.http.internal.http1.ResponseDecoder} and {@code ChunkedSink} for streamed request
 * bodies. Depends on the shared core only.
 */
package dev.pronto.client.http.internal.http1;
