/**
 * Internal use only; not API. {@code TeleportClient}'s machinery: {@link
 * dev.pronto.client.http.internal.teleport.TeleportLinks} (the client's fixed set of connections), one
 * {@link dev.pronto.client.http.internal.teleport.TeleportLink} per connection (handshake, message ids,
 * in-flight calls, deadlines) and {@code TeleportReader} decoding responses with the shared HTTP/1.1 head
 * parser. Depends on the shared core only, not on the pool.
 */
package dev.pronto.client.http.internal.teleport;
