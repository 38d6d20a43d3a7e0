/**
 * WebSocket (RFC 6455, permessage-deflate RFC 7692) on the server: the route that answers the opening
 * handshake and switches its carrier to a {@code wsendpoint.WsEndpoint} (the endpoint and its callbacks,
 * written once for the server and Pronto's HTTP client), and the server under it ({@code ServerWsHost}).
 * The frame code (parser, frame rules, UTF-8 check, message assembly, outbound encoding and batching) is the wire
 * module's ({@code dev.pronto.wire}), shared with Pronto's HTTP client.
 *
 * <p>Depends on the exchange core, never on another protocol. Not API.
 */
package dev.pronto.core.internal.websocket;
