package dev.pronto.core.internal.server;

import dev.pronto.core.Listener;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.ssl.SslHandler;

/**
 * Sets up each accepted channel of one listener, enforcing {@code maxConnections}: the protocol's
 * carrier at once in cleartext, or TLS first and the carrier once ALPN has chosen.
 */
public final class ServerInitializer extends ChannelInitializer<Channel> {
    private final ServerContext server;
    private final ListenerSetup listener;

    /** Creates the initializer of cleartext HTTP/1.1 channels of {@code server}. */
    public ServerInitializer(ServerContext server) {
        this(server, new ListenerSetup(Listener.http(0), null));
    }

    /** Creates the initializer of channels accepted by {@code listener}. */
    public ServerInitializer(ServerContext server, ListenerSetup listener) {
        this.server = server;
        this.listener = listener;
    }

    public ServerContext context() {
        return server;
    }

    @Override
    protected void initChannel(Channel ch) {
        if (!server.tryAcquireConnection()) {
            server.log().warn("Refusing connection from {}: maxConnections={} reached; raise ServerConfig.maxConnections",
                    ch.remoteAddress(), server.config().maxConnections());
            ch.close();
            return;
        }
        ch.closeFuture().addListener(f -> server.releaseConnection());
        ServerTls tls = listener.tls();
        ServerProtocol lead = server.protocols().lead(listener);
        if (tls == null || lead.ownsTls()) {
            // teleport negotiates TLS inside its own handshake, after 15 plaintext bytes each way
            lead.accept(ch.pipeline(), listener, server);
        } else {
            SslHandler handler = tls.newHandler(ch.alloc());
            ch.pipeline().addLast("tlsClose", new TlsCloseGuard(handler.engine()))
                    .addLast("tls", handler)
                    .addLast("handshake", new TlsHandshake(server, listener));
        }
    }
}
