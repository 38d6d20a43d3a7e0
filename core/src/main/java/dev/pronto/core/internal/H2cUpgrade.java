package dev.pronto.core.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * {@code Upgrade: h2c} from HTTP/1.1 (RFC 7540 §3.2) on cleartext listeners that offer h2c: the
 * request is answered 101, the connection switches to the HTTP/2 carrier with the client's
 * {@code HTTP2-Settings} applied, and the request itself is served as stream 1, body included. A
 * request that cannot be upgraded (a body above {@link #MAX_BODY}, a streamed body, a bad or
 * missing {@code HTTP2-Settings}, responses still pending) is served over HTTP/1.1 as if the header
 * were absent, which the RFC allows.
 */
final class H2cUpgrade {
    /** The largest aggregated body carried over into stream 1. */
    static final int MAX_BODY = 16 * 1024;
    private static final byte[] SWITCHING = Ascii.bytes(
            "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n");
    /** HTTP/1.1 connection-specific fields, which HTTP/2 forbids (RFC 9113 §8.2.2). */
    private static final Set<String> HOP = Set.of("connection", "upgrade", "http2-settings", "keep-alive",
            "proxy-connection", "transfer-encoding", "host", "te");

    private H2cUpgrade() {
    }

    /** Whether {@code e} asks for h2c and can have it. */
    static boolean applies(Exchange e) {
        if (!e.head.upgrade) {
            return false;
        }
        ServerRequest req = e.request;
        String connection = req.header("Connection");
        return e.head.http11 && !e.closeAfter && e.stream == null
                && WsHandshake.hasToken(req.header("Upgrade"), "h2c")
                && WsHandshake.hasToken(connection, "upgrade") && WsHandshake.hasToken(connection, "http2-settings")
                && req.headers("HTTP2-Settings").size() == 1
                && (e.body == null || e.body.readableBytes() <= MAX_BODY)
                && settings(req.header("HTTP2-Settings")) != null;
    }

    /** The SETTINGS payload of an {@code HTTP2-Settings} value (base64url), or null when malformed. */
    static Http2Settings settings(String value) {
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

    /**
     * Answers 101 for {@code e} and switches {@code conn} to HTTP/2, taking the request's head and
     * body with it; {@code e} itself is discarded. Event loop; {@link #applies} was true.
     */
    static void upgrade(HttpConnection conn, Exchange e) {
        Http2Settings settings = settings(e.request.header("HTTP2-Settings"));
        Http2Headers headers = headers(e.request);
        ByteBuf body = e.body;
        e.body = null;
        conn.writeRaw(Unpooled.wrappedBuffer(SWITCHING));
        H2Connection h2 = H2ConnectionBuilder.create(conn.server);
        conn.upgrade("h2", h2, ctx -> stream1(h2, ctx, new Upgraded(settings, headers, body)));
    }

    private record Upgraded(Http2Settings settings, Http2Headers headers, ByteBuf body) {
    }

    /** The HTTP/2 handler is in place and has sent its preface: stream 1 is the upgraded request. */
    private static void stream1(H2Connection h2, ChannelHandlerContext ctx, Upgraded up) {
        boolean withBody = up.body() != null && up.body().isReadable();
        try {
            h2.onHttpServerUpgrade(up.settings());
            Http2FrameListener listener = h2.decoder().frameListener();
            listener.onHeadersRead(ctx, 1, up.headers(), 0, !withBody);
            if (withBody) {
                listener.onDataRead(ctx, 1, up.body(), 0, true);
            }
        } catch (Http2Exception impossible) {
            // a fresh server handler that sent its preface and has read nothing accepts the upgrade
            ctx.close();
        } finally {
            if (up.body() != null) {
                up.body().release();
            }
        }
    }

    private static Http2Headers headers(ServerRequest req) {
        Http2Headers h = new DefaultHttp2Headers(true);
        h.method(req.method().name()).path(req.uri()).scheme("http");
        String host = req.header("Host");
        if (host != null) {
            h.authority(host);
        }
        for (String name : req.headerNames()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!HOP.contains(lower)) {
                for (String value : req.headers(name)) {
                    h.add(lower, value);
                }
            }
        }
        return h;
    }
}
