package dev.pronto.core.internal.server;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.internal.http1.HttpConnection;
import dev.pronto.core.internal.http2.H2ConnectionBuilder;
import dev.pronto.core.internal.http2.H2cOnlyGate;
import dev.pronto.core.internal.teleport.TeleportHandshake;
import io.netty.channel.ChannelPipeline;
import java.util.List;

/**
 * The one place where a connection gets the carrier of its protocol: on a cleartext listener when it is
 * accepted (h2c-only listeners get HTTP/2 at once; shared ones switch on the preface; teleport ones the
 * teleport handshake), on a TLS listener
 * once ALPN has chosen.
 */
final class ProtocolCarriers {
    private ProtocolCarriers() {
    }

    /** The protocol a client gets when it sends no ALPN, or none the listener offers: HTTP/1.1 if offered. */
    static Protocol fallback(List<Protocol> offered) {
        return offered.contains(Protocol.HTTP_1_1) ? Protocol.HTTP_1_1 : offered.getFirst();
    }

    /**
     * A cleartext connection was accepted on a listener offering {@code offered}: HTTP/1.1 (watching
     * for the h2c preface when HTTP/2 is offered too), or HTTP/2 alone.
     */
    static void accepted(ChannelPipeline pipeline, List<Protocol> offered, ServerContext server) {
        if (offered.contains(Protocol.TELEPORT)) {
            teleport(pipeline, server, null);
            return;
        }
        if (!offered.contains(Protocol.HTTP_1_1)) {
            pipeline.addLast("h2c-only", new H2cOnlyGate(server));
            return;
        }
        HttpConnection http = new HttpConnection(server);
        if (offered.contains(Protocol.HTTP_2)) {
            http.acceptH2cPriorKnowledge();
        }
        pipeline.addLast("http", http);
    }

    /** A connection was accepted on a teleport listener: the teleport handshake first, TLS after it if both ask. */
    static void teleport(ChannelPipeline pipeline, ServerContext server, ServerTls tls) {
        pipeline.addLast("teleport-handshake", new TeleportHandshake(server, tls));
    }

    /** The TLS handshake ended with ALPN choosing {@code alpn} (null or empty: the client sent none). */
    static void negotiated(ChannelPipeline pipeline, String alpn, List<Protocol> offered, ServerContext server) {
        Protocol chosen = fallback(offered);
        for (Protocol p : offered) {
            if (p.alpnId().equals(alpn)) {
                chosen = p;
            }
        }
        install(pipeline, chosen, server);
    }

    private static void install(ChannelPipeline pipeline, Protocol protocol, ServerContext server) {
        switch (protocol) {
            case HTTP_1_1 -> pipeline.addLast("http", new HttpConnection(server));
            case HTTP_2 -> pipeline.addLast("h2", H2ConnectionBuilder.create(server));
        }
    }
}
