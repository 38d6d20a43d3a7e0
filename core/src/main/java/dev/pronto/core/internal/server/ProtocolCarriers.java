package dev.pronto.core.internal.server;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Handler;
import dev.pronto.core.Protocol;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.core.internal.exchange.ServerConnection;
import io.netty.channel.ChannelPipeline;
import java.util.List;

/**
 * The one place where a connection gets the carrier of its protocol: on a cleartext listener when it is
 * accepted (the lead protocol decides: HTTP/1.1 watches for the h2c preface, an h2c-only listener checks
 * it, teleport runs its handshake), on a TLS listener once ALPN has chosen. Also where one protocol finds
 * another by id (h2c upgrade and prior knowledge). Immutable; any thread.
 */
public final class ProtocolCarriers {
    private final List<ServerProtocol> protocols;

    /** A registry of {@code protocols} (Pronto's: {@code registry.BuiltInProtocols}). */
    public ProtocolCarriers(List<ServerProtocol> protocols) {
        this.protocols = List.copyOf(protocols);
    }

    /**
     * The route handler serving {@code handler} with {@code options}: it answers the opening handshake and
     * switches its connection to the protocol of kind {@link ConnectionKind#WEBSOCKET}.
     *
     * @throws IllegalStateException when no such protocol is registered
     */
    public Handler webSocketRoute(WebSocketHandler handler, WebSocketOptions options) {
        for (ServerProtocol p : protocols) {
            if (p.kind() == ConnectionKind.WEBSOCKET) {
                return p.route(handler, options);
            }
        }
        throw new IllegalStateException("no protocol registered for WebSocket routes");
    }

    /**
     * The protocol registered for {@code id}.
     *
     * @throws IllegalStateException when none is
     */
    public ServerProtocol get(Protocol id) {
        for (ServerProtocol p : protocols) {
            if (p.id() == id) {
                return p;
            }
        }
        throw new IllegalStateException("no carrier registered for protocol " + id);
    }

    /** The protocol a client gets when it sends no ALPN, or none the listener offers: HTTP/1.1 if offered. */
    static Protocol fallback(List<Protocol> offered) {
        return offered.contains(Protocol.HTTP_1_1) ? Protocol.HTTP_1_1 : offered.getFirst();
    }

    /** The protocol that takes the channels {@code listener} accepts before anything is negotiated. */
    ServerProtocol lead(ListenerSetup listener) {
        return get(fallback(listener.listener().protocols()));
    }

    /** The TLS handshake ended with ALPN choosing {@code alpn} (null or empty: the client sent none). */
    void negotiated(ChannelPipeline pipeline, String alpn, ListenerSetup listener, ServerContext server) {
        List<Protocol> offered = listener.listener().protocols();
        Protocol chosen = fallback(offered);
        for (Protocol p : offered) {
            if (p.alpnId().equals(alpn)) {
                chosen = p;
            }
        }
        ServerProtocol protocol = get(chosen);
        pipeline.addLast(protocol.kind().tag(), protocol.carrier(server, listener.altSvc()));
    }

    /** How many of {@code connections} are of {@code kind}. */
    int count(ConnectionKind kind, Iterable<ServerConnection> connections) {
        ServerProtocol owner = null;
        for (ServerProtocol p : protocols) {
            if (p.kind() == kind) {
                owner = p;
            }
        }
        int n = 0;
        for (ServerConnection c : connections) {
            if (owner != null && owner.carries(c)) {
                n++;
            }
        }
        return n;
    }
}
