package dev.pronto.core.internal.websocket;

import dev.pronto.core.Request;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.HeaderTokens;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionFilterProvider;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtension;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateServerExtensionHandshaker;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** The server side of the RFC 6455 §4.2 opening handshake: request checks, accept key, extensions. */
final class WsHandshake {
    private static final byte[] GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11".getBytes(StandardCharsets.US_ASCII);

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

    /** {@code base64(sha1(key + GUID))}. */
    static String accept(String key) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(key.getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(sha1.digest(GUID));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-1 is required of every JDK", impossible);
        }
    }

    /** A permessage-deflate agreement: the extension for the pipeline and the response header value. */
    record Deflate(WebSocketServerExtension extension, String response) {
    }

    /**
     * The permessage-deflate agreement for the client's {@code Sec-WebSocket-Extensions} offers, or
     * null (not configured, not offered, or no acceptable parameters).
     */
    static Deflate deflate(String offers, WebSocketOptions options) {
        WebSocketOptions.Deflate d = options.compression();
        if (d == null || offers == null) {
            return null;
        }
        for (String offer : offers.split(",")) {
            WebSocketExtensionData data = parse(offer);
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
                String response = format(ext.newReponseData());
                return new Deflate(ext, fullWindow && !response.contains("server_max_window_bits")
                        ? response + "; server_max_window_bits=15" : response);
            }
        }
        return null;
    }

    static WebSocketExtensionData parse(String offer) {
        String[] parts = offer.split(";");
        String name = parts[0].trim();
        if (name.isEmpty()) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            if (eq < 0) {
                params.put(p, null);
            } else {
                params.put(p.substring(0, eq).trim(), unquote(p.substring(eq + 1).trim()));
            }
        }
        return new WebSocketExtensionData(name, params);
    }

    private static String unquote(String v) {
        return v.length() >= 2 && v.charAt(0) == '"' && v.charAt(v.length() - 1) == '"' ? v.substring(1, v.length() - 1) : v;
    }

    /** The reason to send with {@code code} ("" for null); throws when an endpoint may not send them (RFC 6455 §7.4). */
    static String checkClose(int code, String reason) {
        if (!io.netty.handler.codec.http.websocketx.WebSocketCloseStatus.isValidStatusCode(code)
                || code == 1004 || code == 1005 || code == 1006 || code == 1015) {
            throw new IllegalArgumentException("close code " + code + " may not be sent (RFC 6455 §7.4)");
        }
        String why = reason == null ? "" : reason;
        if (io.netty.buffer.ByteBufUtil.utf8Bytes(why) > 123) {
            throw new IllegalArgumentException("close reason must be at most 123 UTF-8 bytes");
        }
        return why;
    }

    /** The response header value for an agreed extension. */
    static String format(WebSocketExtensionData data) {
        StringBuilder sb = new StringBuilder(data.name());
        for (Map.Entry<String, String> p : data.parameters().entrySet()) {
            sb.append("; ").append(p.getKey());
            if (p.getValue() != null) {
                sb.append('=').append(p.getValue());
            }
        }
        return sb.toString();
    }
}
