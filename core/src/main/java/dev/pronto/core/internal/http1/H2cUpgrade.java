package dev.pronto.core.internal.http1;

import dev.pronto.core.Protocol;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ServerRequest;
import dev.pronto.core.internal.server.ServerProtocol;
import dev.pronto.wire.Ascii;
import dev.pronto.wire.H2cSettings;
import dev.pronto.wire.HeaderTokens;
import io.netty.buffer.Unpooled;

/**
 * {@code Upgrade: h2c} from HTTP/1.1 (RFC 7540 §3.2) on cleartext listeners that offer h2c: the
 * request is answered 101 and the connection switches to the HTTP/2 carrier, found by protocol id,
 * which serves the request itself as stream 1, body included. A request that cannot be upgraded (a
 * body above {@link #MAX_BODY}, a streamed body, a bad or missing {@code HTTP2-Settings}, responses
 * still pending) is served over HTTP/1.1 as if the header were absent, which the RFC allows.
 */
final class H2cUpgrade {
    /** The largest aggregated body carried over into stream 1. */
    static final int MAX_BODY = 16 * 1024;
    private static final byte[] SWITCHING = Ascii.bytes(
            "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n");

    private H2cUpgrade() {
    }

    /** Whether {@code e} asks for h2c and can have it. */
    static boolean applies(Exchange e) {
        if (!e.head.upgrade) {
            return false;
        }
        ServerRequest req = e.request;
        String connection = req.header("Connection");
        return e.head.http11 && !e.closeAfter() && e.stream() == null
                && HeaderTokens.hasToken(req.header("Upgrade"), "h2c")
                && HeaderTokens.hasToken(connection, "upgrade") && HeaderTokens.hasToken(connection, "http2-settings")
                && req.headers("HTTP2-Settings").size() == 1
                && (e.body() == null || e.body().readableBytes() <= MAX_BODY)
                && H2cSettings.parse(req.header("HTTP2-Settings")) != null;
    }

    /**
     * Answers 101 for {@code e} and hands {@code conn} to the HTTP/2 carrier, which takes the request's
     * head and body with it; {@code e} itself is discarded. Event loop; {@link #applies} was true.
     */
    static void upgrade(HttpConnection conn, Exchange e) {
        ServerProtocol.Takeover h2 = conn.server.protocols().get(Protocol.HTTP_2).upgrade(e, conn.server);
        conn.writeRaw(Unpooled.wrappedBuffer(SWITCHING));
        conn.upgrade("h2", h2.carrier(), h2.start());
    }
}
