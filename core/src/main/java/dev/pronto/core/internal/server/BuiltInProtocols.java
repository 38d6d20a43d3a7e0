package dev.pronto.core.internal.server;

import dev.pronto.core.internal.http1.Http1Protocol;
import dev.pronto.core.internal.http2.Http2Protocol;
import dev.pronto.core.internal.http3.Http3Protocol;
import dev.pronto.core.internal.teleport.TeleportProtocol;
import dev.pronto.core.internal.websocket.WebSocketProtocol;
import java.util.List;

/**
 * The registration of every protocol the server speaks: the only place outside a protocol's package
 * that names it. Adding a protocol is a new package with a {@link ServerProtocol} plus one line here.
 */
final class BuiltInProtocols {
    private BuiltInProtocols() {
    }

    static List<ServerProtocol> all() {
        return List.of(new Http1Protocol(), new Http2Protocol(), new WebSocketProtocol(), new TeleportProtocol(),
                new Http3Protocol());
    }
}
