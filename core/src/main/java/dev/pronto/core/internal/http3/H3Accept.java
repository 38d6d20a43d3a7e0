package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.server.ServerContext;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http3.DefaultHttp3SettingsFrame;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.http3.Http3Settings;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * Sets up each QUIC connection of an HTTP/3 listener, enforcing {@code maxConnections}: its
 * {@link H3Connection} and Netty's HTTP/3 connection handler, announcing a QPACK dynamic table of 0
 * (nothing a client sends makes the server keep encoder state, and no stream can be blocked) and the
 * field section limit; each request stream gets an {@link H3Stream}. Shared by all connections.
 */
@ChannelHandler.Sharable
final class H3Accept extends ChannelInitializer<QuicChannel> {
    private final ServerContext server;
    private final long maxFieldSection;

    H3Accept(ServerContext server) {
        this.server = server;
        int configured = server.http3().maxFieldSectionSize();
        // twice the head limit by default: a section between the two gets the 431 every protocol answers
        // (QPACK counts 32 bytes more per field than the head does); a larger one is the codec's connection error
        this.maxFieldSection = configured != 0 ? configured
                : 2L * (server.config().maxRequestLineLength() + server.config().maxHeaderSize());
    }

    @Override
    protected void initChannel(QuicChannel ch) {
        if (server.draining()) {
            // the server is stopping: its UDP socket stays open only for the connections it is draining
            ch.close();
            return;
        }
        if (!server.tryAcquireConnection()) {
            server.log().warn("Refusing HTTP/3 connection from {}: maxConnections={} reached; raise "
                    + "ServerConfig.maxConnections", ch.remoteSocketAddress(), server.config().maxConnections());
            ch.close();
            return;
        }
        ch.closeFuture().addListener(f -> server.releaseConnection());
        H3Connection conn = new H3Connection(server, ch, maxFieldSection);
        Http3Settings settings = new Http3Settings().qpackMaxTableCapacity(0).qpackBlockedStreams(0)
                .maxFieldSectionSize(maxFieldSection);
        ch.pipeline().addLast(conn, new Http3ServerConnectionHandler(new ChannelInitializer<QuicStreamChannel>() {
            @Override
            protected void initChannel(QuicStreamChannel stream) {
                stream.pipeline().addLast(new H3Stream(conn));
            }
        }, null, null, new DefaultHttp3SettingsFrame(settings), true));
    }
}
