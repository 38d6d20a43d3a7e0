package dev.pronto.core.internal.http3;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Protocol;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ListenerSetup;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerProtocol;
import io.netty.channel.Channel;

/**
 * HTTP/3 as the server registers it: a listener of its own on UDP ({@link #bind}). Names no QUIC type, so
 * it loads without the optional jars; they are linked on the first bind.
 */
public final class Http3Protocol implements ServerProtocol {
    static final String NEEDS = "HTTP/3 needs io.netty:netty-codec-http3, io.netty:netty-codec-classes-quic and "
            + "io.netty:netty-codec-native-quic (with the platform's classifier, e.g. linux-x86_64) on the class path";

    @Override
    public Protocol id() {
        return Protocol.HTTP_3;
    }

    @Override
    public ConnectionKind kind() {
        return ConnectionKind.HTTP_3;
    }

    @Override
    public boolean carries(ServerConnection c) {
        return c instanceof H3Carrier;
    }

    @Override
    public java.util.List<Channel> bind(ListenerSetup listener, ServerContext server, Binding where) {
        try {
            return H3Binding.bind(listener, server, where);
        } catch (LinkageError missing) {
            throw new IllegalStateException(NEEDS + " (" + missing + ")", missing);
        }
    }
}
