/**
 * The WebSocket endpoint both ends run, written once: {@link dev.pronto.core.internal.wsendpoint.WsEndpoint}
 * (the {@link dev.pronto.core.WebSocket} a handler is given, over the wire module's
 * {@code dev.pronto.wire.WsEngine}), its handler callbacks, and {@link dev.pronto.core.internal.wsendpoint.WsHost},
 * what differs between the server's end and the client's. The server's route and handshake are the
 * {@code websocket} protocol package; the client's handshake is the HTTP client's.
 *
 * <p>Exported to {@code dev.pronto.client.http} only (a qualified export): not API. Depends on the exchange
 * core's read gate and the util clock, never on a protocol.
 */
package dev.pronto.core.internal.wsendpoint;
