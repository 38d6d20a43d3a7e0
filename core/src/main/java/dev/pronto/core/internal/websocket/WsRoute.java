package dev.pronto.core.internal.websocket;

import dev.pronto.core.Handler;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeHandle;
import dev.pronto.core.internal.exchange.ProtocolSwitch;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.wsendpoint.WsEndpoint;
import dev.pronto.core.internal.wsendpoint.WsSession;
import dev.pronto.router.Method;
import dev.pronto.wire.WsHandshakes;
import dev.pronto.wire.WsRole;
import java.util.HashMap;
import java.util.Map;

/**
 * The handler behind {@code Routes.ws}: runs like any GET route (after onRequest and preHandler, so
 * a hook may refuse with 401/403), checks the opening handshake, answers 101 and asks the HTTP/1.1
 * connection to switch to the server's {@link WsEndpoint}. A request that is not a valid upgrade gets
 * 426 (no or wrong upgrade headers, wrong version) or 400 (bad key), never 200.
 */
public final class WsRoute implements Handler {
    private final WebSocketHandler handler;
    private final WebSocketOptions options;

    private WsRoute(WebSocketHandler handler, WebSocketOptions options) {
        this.handler = handler;
        this.options = options;
    }

    /** The route handler serving {@code handler} with {@code options}. */
    public static Handler of(WebSocketHandler handler, WebSocketOptions options) {
        return new WsRoute(handler, options);
    }

    @Override
    public void handle(Request req, Response res) {
        ExchangeHandle h = (ExchangeHandle) req;
        Exchange e = h.exchange();
        if (!WsHandshake.asksUpgrade(req) || req.method() != Method.GET || !(e.carrier instanceof ProtocolSwitch conn)) {
            res.status(426).header("Upgrade", "websocket").header("Connection", "Upgrade")
                    .send("Upgrade Required: this is a WebSocket endpoint (RFC 6455 upgrade over HTTP/1.1)");
            return;
        }
        if (!"13".equals(req.header("Sec-WebSocket-Version"))) {
            res.status(426).header("Sec-WebSocket-Version", "13").send("Unsupported Sec-WebSocket-Version: 13 is required");
            return;
        }
        String key = req.header("Sec-WebSocket-Key");
        if (!WsHandshake.validKey(key) || !e.head.http11 || e.closeAfter()) {
            res.status(400).send("Bad WebSocket handshake: Sec-WebSocket-Key must be 16 base64 bytes over HTTP/1.1");
            return;
        }
        if (!conn.upgradable(e)) {
            res.status(503).header("Retry-After", "1").send("Service Unavailable: cannot upgrade now");
            return;
        }
        WsHandshake.Deflate deflate = WsHandshake.deflate(req.header("Sec-WebSocket-Extensions"), options);
        e.response.switchingProtocols();
        res.header("Upgrade", "websocket").header("Connection", "Upgrade")
                .header("Sec-WebSocket-Accept", WsHandshakes.accept(key));
        if (deflate != null) {
            res.header("Sec-WebSocket-Extensions", deflate.response());
        }
        WsEndpoint ws = new WsEndpoint(new ServerWsHost((ServerContext) e.server),
                new WsEndpoint.Route(WsRole.SERVER, handler, options, deflate == null ? null : deflate.extension()), session(req, e));
        res.send();
        if (e.response.status() == 101) {
            // an onSend hook may have failed and been answered instead: then there is nothing to switch to
            conn.upgrade(ws);
        }
    }

    /** What the session keeps of the upgrade request, which is recycled after the 101. */
    private static WsSession session(Request req, Exchange e) {
        Map<String, String> params = Map.of();
        int n = e.match.paramCount();
        if (n > 0 && e.outcome() == dev.pronto.router.Outcome.MATCHED) {
            params = new HashMap<>(n * 2);
            for (int i = 0; i < n; i++) {
                params.put(e.match.paramName(i), dev.pronto.core.internal.util.PercentDecoder.param(e.match, i));
            }
        }
        Map<String, Object> attributes = new java.util.concurrent.ConcurrentHashMap<>(4);
        if (e.attributes() != null) {
            e.attributes().forEach((k, v) -> {
                if (v != null) {
                    attributes.put(k, v);
                }
            });
        }
        return new WsSession(req.uri(), params, attributes, req.remoteAddress());
    }
}
