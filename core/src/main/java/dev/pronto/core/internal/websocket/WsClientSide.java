package dev.pronto.core.internal.websocket;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionFilterProvider;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateClientExtensionHandshaker;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client end of a WebSocket connection, for Pronto's HTTP client: the same carrier as the
 * server's, masking its frames and expecting unmasked ones, and the client's half of the
 * permessage-deflate negotiation (RFC 7692). Not API.
 */
public final class WsClientSide {
    private WsClientSide() {
    }

    /** An extension the server agreed to, opaque to the client module (which does not read Netty's codec). */
    public static final class Agreed {
        private final WebSocketExtension extension;

        private Agreed(WebSocketExtension extension) {
            this.extension = extension;
        }
    }

    /**
     * A handler to put in a channel's pipeline once the client's opening handshake got its 101; it
     * installs the frame codec (and {@code extension}'s, unless null) in front of itself. The handler
     * is also the {@link WebSocket} ({@link #session(ChannelHandler)}).
     */
    public static ChannelHandler connection(WebSocketHandler handler, WebSocketOptions options, String uri,
                                            SocketAddress remote, Agreed extension) {
        Map<String, Object> attributes = new ConcurrentHashMap<>(4);
        return new WsConnection(WsHost.CLIENT, new WsConnection.Route(handler, options, extension == null ? null : extension.extension),
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

    /**
     * The {@code Sec-WebSocket-Extensions} value the client offers: permessage-deflate when
     * {@code options} enable compression (with client_no_context_takeover), else null. The offer asks
     * for no window size: the JDK's zlib compresses with 15-bit windows only.
     */
    public static String extensionOffer(WebSocketOptions options) {
        return options.compression() == null ? null : WsHandshake.format(handshaker(options).newRequestData());
    }

    /**
     * The extension the server's {@code answer} agrees to (null for none), checked against the
     * offer; throws {@link IllegalArgumentException} for an answer the client must fail the
     * connection on (RFC 6455 §4.1: an extension not offered, or parameters not allowed).
     */
    public static Agreed extensionAnswer(WebSocketOptions options, String answer) {
        if (answer == null || answer.isBlank()) {
            return null;
        }
        if (options.compression() == null) {
            throw new IllegalArgumentException("server answered extensions that were not offered: " + answer);
        }
        if (answer.contains(",")) {
            throw new IllegalArgumentException("server answered more than the one extension offered: " + answer);
        }
        var data = WsHandshake.parse(answer);
        WebSocketExtension agreed;
        try {
            agreed = data != null && data.name().equals("permessage-deflate")
                    ? handshaker(options).handshakeExtension(data) : null;
        } catch (NumberFormatException badWindow) {
            agreed = null;
        }
        if (agreed == null) {
            throw new IllegalArgumentException("server answered an extension the client cannot accept: " + answer);
        }
        return new Agreed(agreed);
    }

    /**
     * Offers client_no_context_takeover (RFC 7692 §7.1.1.1: the client compresses each message on its
     * own, so a server may answer either way) and a 15-bit client window only.
     */
    private static PerMessageDeflateClientExtensionHandshaker handshaker(WebSocketOptions options) {
        return new PerMessageDeflateClientExtensionHandshaker(options.compression().level(), false, 15, true, false,
                WebSocketExtensionFilterProvider.DEFAULT, options.maxMessageSize());
    }
}
