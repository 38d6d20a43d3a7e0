package dev.pronto.core.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;

/** Installs the connection handler on each accepted channel, enforcing {@code maxConnections}. */
public final class ServerInitializer extends ChannelInitializer<Channel> {
    private final ServerContext server;

    /** Creates the initializer for channels of {@code server}. */
    public ServerInitializer(ServerContext server) {
        this.server = server;
    }

    ServerContext context() {
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
        HttpConnection http = new HttpConnection(server);
        http.acceptH2cPriorKnowledge();
        ch.pipeline().addLast("http", http);
    }
}
