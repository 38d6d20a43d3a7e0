package dev.pronto.core.internal.registry;

import dev.pronto.core.internal.http1.Http1Protocol;
import dev.pronto.core.internal.http2.Http2Protocol;
import dev.pronto.core.internal.http3.Http3Protocol;
import dev.pronto.core.internal.server.ProtocolCarriers;
import dev.pronto.core.internal.teleport.TeleportProtocol;
import dev.pronto.core.internal.websocket.WebSocketProtocol;
import java.util.List;

/**
 * The registration of every protocol the server speaks: the only place outside a protocol's package
 * that names it. Adding a protocol is a new package with a {@code ServerProtocol} plus one line here.
 * It sits above the server and the protocols (both of which it names), so neither depends back on it:
 * the API hands its {@link #carriers()} to the server it builds.
 */
public final class BuiltInProtocols {
    private static final ProtocolCarriers ALL = new ProtocolCarriers(List.of(new Http1Protocol(), new Http2Protocol(),
            new WebSocketProtocol(), new TeleportProtocol(), new Http3Protocol()));

    private BuiltInProtocols() {
    }

    /** The protocols Pronto ships, by id and kind. Immutable; any thread. */
    public static ProtocolCarriers carriers() {
        return ALL;
    }
}
