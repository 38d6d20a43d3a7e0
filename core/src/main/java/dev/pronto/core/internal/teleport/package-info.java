/**
 * httpteleport, Go's binary RPC framing of HTTP/1.1 messages: the handshake (compression and TLS
 * inside it), the {@code TeleportConnection} carrier, request decoding with its memory budget, and
 * response framing.
 *
 * <p>Depends on the exchange core and the wire code, never on another protocol. Not API.
 */
package dev.pronto.core.internal.teleport;
