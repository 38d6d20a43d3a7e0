package dev.pronto.core.internal;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.channel.ChannelHandler;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client end of a WebSocket connection, for Pronto's HTTP client: the same carrier as the
 * server's, masking its frames and expecting unmasked ones. Not API.
 */
public final class WsClientSide {
    private WsClientSide() {
    }

    /**
     * A handler to put in a channel's pipeline once the client's opening handshake got its 101; it
     * installs the frame codec in front of itself. The handler is also the {@link WebSocket}
     * ({@link #session(ChannelHandler)}).
     */
    public static ChannelHandler connection(WebSocketHandler handler, WebSocketOptions options, String uri,
                                            SocketAddress remote) {
        Map<String, Object> attributes = new ConcurrentHashMap<>(4);
        return new WsConnection(WsHost.CLIENT, new WsConnection.Route(handler, options, null),
                new WsSession(uri, Map.of(), attributes, remote));
    }

    /** The session of a handler made by {@link #connection}. */
    public static WebSocket session(ChannelHandler connection) {
        return (WebSocket) connection;
    }

    /** {@code base64(sha1(key + GUID))}, to check a server's {@code Sec-WebSocket-Accept}. */
    public static String accept(String key) {
        return WsHandshake.accept(key);
    }
}
