/**
 * Internal use only; not API. The client's shared core, which names no protocol: one {@link
 * dev.pronto.client.http.internal.LoopContext} per event loop (MPSC inbox, the free list of {@link
 * dev.pronto.client.http.internal.Exchange}s, timers, batched flushes), one {@link
 * dev.pronto.client.http.internal.LoopPool} per origin on each loop, opened through a {@link
 * dev.pronto.client.http.internal.ConnectAttempt} (TLS and ALPN included) into the {@link
 * dev.pronto.client.http.internal.ClientConnection} of the protocol chosen, which {@link
 * dev.pronto.client.http.internal.ConnectionProtocols} makes; the response every protocol fills ({@code
 * DecodedResponse}, the HTTP/1.1 head parser HTTP/1.1 and teleport share), body upload and streaming
 * ({@code BodyUpload}, {@code ResponseStream}), redirects, decompression and the TLS context ({@code
 * ClientRuntime}). Protocol packages ({@code http1}, {@code http2}, {@code http3}, {@code teleport},
 * {@code websocket}) build on it and never import each other; {@code dispatch} wires them
 * (docs/architecture.md, "The client").
 */
package dev.pronto.client.http.internal;
