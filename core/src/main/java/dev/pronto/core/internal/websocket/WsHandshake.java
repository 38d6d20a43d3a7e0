package dev.pronto.core.internal.websocket;

import dev.pronto.core.Request;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.HeaderTokens;
import dev.pronto.wire.WsHandshakes;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionFilterProvider;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtension;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateServerExtensionHandshaker;
import java.util.Base64;

/** The server side of the RFC 6455 §4.2 opening handshake: request checks, accept key, extensions. */
final class WsHandshake {
    private WsHandshake() {
    }

    /** Whether {@code req} asks for a WebSocket upgrade at all (Upgrade: websocket, Connection: upgrade). */
    static boolean asksUpgrade(Request req) {
        return HeaderTokens.hasToken(req.header("Upgrade"), "websocket") && HeaderTokens.hasToken(req.header("Connection"), "upgrade");
    }

    /** Whether the key is the base64 form of 16 bytes, as §4.1 requires. */
    static boolean validKey(String key) {
        if (key == null || key.length() != 24) {
            return false;
        }
        try {
            return Base64.getDecoder().decode(key).length == 16;
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /** A permessage-deflate agreement: the extension for the pipeline and the response header value. */
    record Deflate(WebSocketServerExtension extension, String response) {
    }

    /**
     * The permessage-deflate agreement for the client's {@code Sec-WebSocket-Extensions} offers, or
     * null (not configured, not offered, or no acceptable parameters).
     */
    // Netty 4.2.18 deprecates the constructor with a filter provider and a maxAllocation for one with two more
    // window parameters; this one keeps Netty's defaults for those
    @SuppressWarnings("deprecation")
    static Deflate deflate(String offers, WebSocketOptions options) {
        WebSocketOptions.Deflate d = options.compression();
        if (d == null || offers == null) {
            return null;
        }
        for (String offer : offers.split(",")) {
            WebSocketExtensionData data = WsHandshakes.parse(offer);
            if (data == null || !data.name().equals("permessage-deflate")) {
                continue;
            }
            // server_max_window_bits below 15 is declined: the JDK's zlib has no window parameter (Netty
            // would need the optional JZlib); 15 is the JDK's window, so that offer is accepted, and
            // the response must then repeat it (RFC 7692 §7.1.2.1), which Netty leaves out for 15
            boolean fullWindow = "15".equals(data.parameters().get("server_max_window_bits"));
            WebSocketServerExtension ext = new PerMessageDeflateServerExtensionHandshaker(d.level(), fullWindow,
                    d.clientMaxWindowBits(), d.allowServerNoContext(), d.preferClientNoContext(),
                    WebSocketExtensionFilterProvider.DEFAULT, options.maxMessageSize()).handshakeExtension(data);
            if (ext != null) {
                String response = WsHandshakes.format(ext.newReponseData());
                return new Deflate(ext, fullWindow && !response.contains("server_max_window_bits")
                        ? response + "; server_max_window_bits=15" : response);
            }
        }
        return null;
    }
}
