package dev.pronto.wire;

import io.netty.handler.codec.http2.Http2Settings;
import java.util.Base64;

/**
 * The {@code HTTP2-Settings} field of an h2c upgrade request (RFC 7540 §3.2.1): a SETTINGS payload in base64url.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class H2cSettings {
    private H2cSettings() {
    }

    /** The SETTINGS payload of an {@code HTTP2-Settings} value (base64url), or null when malformed. */
    public static Http2Settings parse(String value) {
        byte[] payload;
        try {
            payload = Base64.getUrlDecoder().decode(value.trim());
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
        if (payload.length % 6 != 0) {
            return null;
        }
        Http2Settings s = new Http2Settings();
        for (int i = 0; i < payload.length; i += 6) {
            char id = (char) (((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff));
            long v = ((long) (payload[i + 2] & 0xff) << 24) | ((payload[i + 3] & 0xff) << 16)
                    | ((payload[i + 4] & 0xff) << 8) | (payload[i + 5] & 0xff);
            try {
                s.put(id, Long.valueOf(v));
            } catch (IllegalArgumentException outOfRange) {
                return null;
            }
        }
        return s;
    }
}
