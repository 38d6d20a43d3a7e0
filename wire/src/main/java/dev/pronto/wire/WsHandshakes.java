package dev.pronto.wire;

import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The text of the RFC 6455 opening and closing handshakes both ends need: the accept key, extension
 * offers and answers as Netty's {@link WebSocketExtensionData}, and what a close frame may carry.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 * Stateless; any thread.
 */
public final class WsHandshakes {
    private static final byte[] GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11".getBytes(StandardCharsets.US_ASCII);

    private WsHandshakes() {
    }

    /** {@code base64(sha1(key + GUID))}. */
    public static String accept(String key) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(key.getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(sha1.digest(GUID));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-1 is required of every JDK", impossible);
        }
    }

    /** One extension of a {@code Sec-WebSocket-Extensions} value ({@code name; param=value; ...}); null when it has no name. */
    public static WebSocketExtensionData parse(String offer) {
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
    public static String checkClose(int code, String reason) {
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
    public static String format(WebSocketExtensionData data) {
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
