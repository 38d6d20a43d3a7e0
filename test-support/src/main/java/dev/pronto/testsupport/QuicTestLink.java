package dev.pronto.testsupport;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicClientCodecBuilder;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The QUIC connection of a test's HTTP/3 client ({@link H3TestClient}, {@link H3RawClient}) to a server on
 * 127.0.0.1, on a loop of its own: ALPN h3, any certificate trusted (the tests' self-signed one). Closing it
 * closes the connection, its UDP socket and its loop. Used from the test thread.
 */
final class QuicTestLink implements AutoCloseable {
    static final long TIMEOUT_SECONDS = 10;
    private final MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel udp;
    private final QuicChannel quic;

    /**
     * Connects to {@code port}, waiting up to {@link #TIMEOUT_SECONDS}; {@code limits} sets the codec's idle
     * timeout and flow-control limits, {@code handler} is the connection channel's.
     */
    QuicTestLink(int port, UnaryOperator<QuicClientCodecBuilder> limits, ChannelHandler handler) throws Exception {
        var ssl = QuicSslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE)
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        ChannelHandler codec = limits.apply(Http3.newQuicClientCodecBuilder().sslContext(ssl)).build();
        udp = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec).bind(0).sync().channel();
        quic = QuicChannel.newBootstrap(udp).handler(handler)
                .remoteAddress(new InetSocketAddress("127.0.0.1", port)).connect().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** The connection. */
    QuicChannel quic() {
        return quic;
    }

    @Override
    public void close() {
        quic.close().awaitUninterruptibly(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        udp.close().awaitUninterruptibly(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
