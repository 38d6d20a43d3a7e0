package dev.pronto.client.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.InsecureQuicTokenHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A plain Netty HTTP/3 server for the client's tests (not Pronto's server): each request, once whole,
 * goes to a {@link Route} that answers on the stream. Certificate: tls/localhost.crt (DNS:localhost).
 */
final class H3TestServer implements AutoCloseable {
    /** Answers one whole request on its stream; the body is released after the call. */
    interface Route {
        void handle(Http3Headers head, ByteBuf body, QuicStreamChannel stream);
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel udp;
    /** QUIC connections accepted so far. */
    final AtomicInteger connections = new AtomicInteger();
    /** Request streams open now, and the most seen at once. */
    final AtomicInteger openStreams = new AtomicInteger();
    final AtomicInteger maxOpenStreams = new AtomicInteger();

    H3TestServer(Route route, long maxStreams) throws InterruptedException {
        QuicSslContext ssl = QuicSslContextBuilder.forServer(HttpsTest.file("localhost.key").toFile(), null,
                HttpsTest.file("localhost.crt").toFile()).applicationProtocols(Http3.supportedApplicationProtocols()).build();
        var codec = Http3.newQuicServerCodecBuilder().sslContext(ssl)
                .maxIdleTimeout(30, TimeUnit.SECONDS)
                .initialMaxData(32 << 20)
                .initialMaxStreamDataBidirectionalLocal(1 << 20)
                .initialMaxStreamDataBidirectionalRemote(1 << 20)
                .initialMaxStreamsBidirectional(maxStreams)
                .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        connections.incrementAndGet();
                        ch.pipeline().addLast(new Http3ServerConnectionHandler(new ChannelInitializer<QuicStreamChannel>() {
                            @Override
                            protected void initChannel(QuicStreamChannel stream) {
                                stream.pipeline().addLast(new Exchange(route));
                            }
                        }));
                    }
                }).build();
        udp = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec)
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) udp.localAddress()).getPort();
    }

    String url(String path) {
        return "https://localhost:" + port() + path;
    }

    @Override
    public void close() {
        udp.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Collects one request, then hands it to the route. */
    private final class Exchange extends Http3RequestStreamInboundHandler {
        private final Route route;
        private Http3Headers head;
        private CompositeByteBuf body;

        Exchange(Route route) {
            this.route = route;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            int now = openStreams.incrementAndGet();
            maxOpenStreams.accumulateAndGet(now, Math::max);
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            openStreams.decrementAndGet();
            if (body != null) {
                body.release();
                body = null;
            }
            ctx.fireChannelInactive();
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            if (head == null) {
                head = frame.headers();
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            if (body == null) {
                body = ctx.alloc().compositeBuffer(1024);
            }
            body.addComponent(true, frame.content());
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            ByteBuf b = body != null ? body : ctx.alloc().buffer(0);
            body = null;
            try {
                route.handle(head, b, (QuicStreamChannel) ctx.channel());
            } finally {
                b.release();
            }
        }
    }
}
