/**
 * The HTTP client's WebSocket: the RFC 6455 opening handshake ({@link
 * dev.pronto.client.http.internal.websocket.WsClientHandshake}), the permessage-deflate offer and answer,
 * and the client's end of a connection on the wire module's frame code ({@code dev.pronto.wire}): state
 * machine and close handshake, callbacks, sends. Not API.
 */
package dev.pronto.client.http.internal.websocket;
