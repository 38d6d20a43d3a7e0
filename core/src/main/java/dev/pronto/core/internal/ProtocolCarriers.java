package dev.pronto.core.internal;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import io.netty.channel.ChannelPipeline;
import java.util.List;

/**
 * The one place where a connection gets the carrier of its protocol: on a cleartext listener when it is
 * accepted, on a TLS listener once ALPN has chosen. The HTTP/2 carrier is installed from here too (h2
 * after ALPN, h2c on cleartext listeners); until it exists, listeners offering HTTP/2 are refused.
 */
final class ProtocolCarriers {
    private ProtocolCarriers() {
    }

    /** Refuses, at build time, a listener offering a protocol this build cannot carry. */
    static void checkServed(Listener listener) {
        if (listener.protocols().contains(Protocol.HTTP_2)) {
            throw new IllegalArgumentException("Listener on port " + listener.port() + " offers HTTP_2, which is not "
                    + "served yet; offer Protocol.HTTP_1_1 only");
        }
    }

    /** The protocol a client gets when it sends no ALPN, or none the listener offers: HTTP/1.1 if offered. */
    static Protocol fallback(List<Protocol> offered) {
        return offered.contains(Protocol.HTTP_1_1) ? Protocol.HTTP_1_1 : offered.getFirst();
    }

    /** A cleartext connection was accepted on a listener offering {@code offered}. */
    static void accepted(ChannelPipeline pipeline, List<Protocol> offered, ServerContext server) {
        install(pipeline, fallback(offered), server);
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
            // HTTP/2 is installed here by the HTTP/2 carrier, for h2 and h2c alike
            case HTTP_2 -> throw new IllegalStateException("HTTP/2 is not served yet");
        }
    }
}
