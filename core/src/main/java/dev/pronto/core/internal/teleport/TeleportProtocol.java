package dev.pronto.core.internal.teleport;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Protocol;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.server.ListenerSetup;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerProtocol;
import io.netty.channel.ChannelPipeline;

/**
 * httpteleport as the server registers it: the only protocol of its listener; its handshake comes
 * first and negotiates TLS itself, after 15 plaintext bytes each way.
 */
public final class TeleportProtocol implements ServerProtocol {
    @Override
    public Protocol id() {
        return Protocol.TELEPORT;
    }

    @Override
    public ConnectionKind kind() {
        return ConnectionKind.TELEPORT;
    }

    @Override
    public boolean carries(ServerConnection c) {
        return c instanceof TeleportConnection;
    }

    @Override
    public void accept(ChannelPipeline pipeline, ListenerSetup listener, ServerContext server) {
        pipeline.addLast("teleport-handshake", new TeleportHandshake(server, listener.tls()));
    }

    @Override
    public boolean ownsTls() {
        return true;
    }
}
