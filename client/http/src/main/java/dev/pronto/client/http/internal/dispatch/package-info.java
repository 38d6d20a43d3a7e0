/**
 * Internal use only; not API. {@code HttpClient}'s entry point, {@link
 * dev.pronto.client.http.internal.dispatch.Dispatcher}: the event loops and their {@code LoopContext}s,
 * and the one place that names the pooled protocols (HTTP/1.1 and HTTP/2, handed to the core as its
 * {@code ConnectionProtocols}) and the WebSocket's opening. No protocol imports it.
 */
package dev.pronto.client.http.internal.dispatch;
