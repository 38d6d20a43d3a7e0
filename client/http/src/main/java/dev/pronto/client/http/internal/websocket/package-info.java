/**
 * The HTTP client's WebSocket: the RFC 6455 opening handshake ({@link
 * dev.pronto.client.http.internal.websocket.WsClientHandshake}) and the permessage-deflate offer and answer.
 * The connection that follows is core's {@code dev.pronto.core.internal.wsendpoint.WsEndpoint} in the client's
 * role (the endpoint the server runs too, exported to this module alone), on the wire module's frame code
 * ({@code dev.pronto.wire}). Not API.
 */
package dev.pronto.client.http.internal.websocket;
