package dev.pronto.core.internal.wsendpoint;

import java.net.SocketAddress;
import java.util.Map;

/**
 * The upgrade request as a WebSocket session remembers it (the client's: its target, no parameters, and
 * attributes of its own).
 *
 * @param uri the request target
 * @param params the route's path parameters
 * @param attributes the request's attributes (copied, concurrent, owned by the session)
 * @param remote the peer
 */
public record WsSession(String uri, Map<String, String> params, Map<String, Object> attributes, SocketAddress remote) {
}
