package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ServerRequest;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerProtocol;
import dev.pronto.wire.H2cSettings;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.util.Locale;
import java.util.Set;

/**
 * The HTTP/2 side of an h2c upgrade (RFC 7540 §3.2): a fresh HTTP/2 carrier with the client's
 * {@code HTTP2-Settings} applied, serving the upgraded HTTP/1.1 request as stream 1, body included.
 * The HTTP/1.1 carrier checked the request and answers the 101.
 */
final class H2cTakeover {
    /** HTTP/1.1 connection-specific fields, which HTTP/2 forbids (RFC 9113 §8.2.2). */
    private static final Set<String> HOP = Set.of("connection", "upgrade", "http2-settings", "keep-alive",
            "proxy-connection", "transfer-encoding", "host", "te");

    private H2cTakeover() {
    }

    /** The carrier taking over {@code e}'s connection; takes {@code e}'s body. Event loop. */
    static ServerProtocol.Takeover of(Exchange e, ServerContext server) {
        Http2Settings settings = H2cSettings.parse(e.request.header("HTTP2-Settings"));
        Http2Headers headers = headers(e.request);
        ByteBuf body = e.body();
        e.takeBody();
        H2Connection h2 = H2ConnectionBuilder.create(server, e.carrier.altSvc());
        Upgraded up = new Upgraded(settings, headers, body);
        return new ServerProtocol.Takeover(h2, ctx -> stream1(h2, ctx, up));
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
