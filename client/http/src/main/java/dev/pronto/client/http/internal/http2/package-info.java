/**
 * Internal use only; not API. The client's HTTP/2 (h2 after ALPN, or h2c with prior knowledge): {@link
 * dev.pronto.client.http.internal.http2.H2Connection} on Netty's frame codec (built by {@code
 * H2ConnectionBuilder}), {@code H2Listener} routing frames to one {@link
 * dev.pronto.client.http.internal.http2.H2Stream} per request, {@code H2Writer} and {@code H2Fields}.
 * Depends on the shared core only.
 */
package dev.pronto.client.http.internal.http2;
