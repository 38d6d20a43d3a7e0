package dev.pronto.core.internal.websocket;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Handler;
import dev.pronto.core.Protocol;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ServerProtocol;
import dev.pronto.core.internal.wsendpoint.WsEndpoint;

/**
 * WebSocket as the server registers it: no listener of its own. A WebSocket route ({@link WsRoute})
 * answers the HTTP/1.1 upgrade and switches the carrier through its
 * {@link dev.pronto.core.internal.exchange.ProtocolSwitch}; registered so its connections are counted.
 */
public final class WebSocketProtocol implements ServerProtocol {
    @Override
    public Protocol id() {
        return null;
    }

    @Override
    public ConnectionKind kind() {
        return ConnectionKind.WEBSOCKET;
    }

    @Override
    public boolean carries(ServerConnection c) {
        return c instanceof WsEndpoint;
    }

    @Override
    public Handler route(WebSocketHandler handler, WebSocketOptions options) {
        return WsRoute.of(handler, options);
    }
}
