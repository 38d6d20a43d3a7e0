package dev.pronto.client.http.internal.websocket;

import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsHandshakes;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionFilterProvider;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateClientExtensionHandshaker;

/** The client's half of the permessage-deflate negotiation (RFC 7692) in its opening handshake. */
final class WsClientExtensions {
    private WsClientExtensions() {
    }

    /**
     * The {@code Sec-WebSocket-Extensions} value the client offers: permessage-deflate when
     * {@code options} enable compression (with client_no_context_takeover), else null. The offer asks
     * for no window size: the JDK's zlib compresses with 15-bit windows only.
     */
    static String offer(WebSocketOptions options) {
        return options.compression() == null ? null : WsHandshakes.format(handshaker(options).newRequestData());
    }

    /**
     * The extension the server's {@code answer} agrees to (null for none), checked against the
     * offer; throws {@link IllegalArgumentException} for an answer the client must fail the
     * connection on (RFC 6455 §4.1: an extension not offered, or parameters not allowed).
     */
    static WebSocketExtension answer(WebSocketOptions options, String answer) {
        if (answer == null || answer.isBlank()) {
            return null;
        }
        if (options.compression() == null) {
            throw new IllegalArgumentException("server answered extensions that were not offered: " + answer);
        }
        if (answer.contains(",")) {
            throw new IllegalArgumentException("server answered more than the one extension offered: " + answer);
        }
        WebSocketExtensionData data = WsHandshakes.parse(answer);
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
        return agreed;
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
