package dev.pronto.jmh.h3;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
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
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A minimal Netty HTTP/3 server (one epoll event loop) answering {@code /baseline2?a=&b=} and
 * {@code /static/<file>} from memory, to try {@link H3Load} until Pronto's own HTTP/3 server lands; not a
 * baseline of anything. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h3.NettyH3Server <udpPort> <cert.pem> <key.pem>}.
 */
public final class NettyH3Server {
    private static final Map<String, byte[]> FILES = ArenaRoutes.staticFiles();

    private NettyH3Server() {
    }

    /** Arguments: UDP port, PEM certificate, PEM (PKCS#8) key. */
    public static void main(String[] args) throws InterruptedException {
        QuicSslContext ssl = QuicSslContextBuilder.forServer(new File(args[2]), null, new File(args[1]))
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        var codec = Http3.newQuicServerCodecBuilder().sslContext(ssl)
                .maxIdleTimeout(30, TimeUnit.SECONDS)
                .initialMaxData(64L << 20)
                .initialMaxStreamDataBidirectionalLocal(1 << 20)
                .initialMaxStreamDataBidirectionalRemote(1 << 20)
                .initialMaxStreamsBidirectional(256)
                .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        ch.pipeline().addLast(new Http3ServerConnectionHandler(new ChannelInitializer<QuicStreamChannel>() {
                            @Override
                            protected void initChannel(QuicStreamChannel stream) {
                                stream.pipeline().addLast(new Exchange());
                            }
                        }));
                    }
                }).build();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        new Bootstrap().group(group).channel(EpollDatagramChannel.class).handler(codec)
                .bind(new InetSocketAddress(Integer.parseInt(args[0]))).sync().channel().closeFuture().sync();
    }

    /** Answers once the request's head has arrived; a body is ignored. */
    private static final class Exchange extends Http3RequestStreamInboundHandler {
        private Http3Headers head;

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            if (head == null) {
                head = frame.headers();
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            String path = head == null || head.path() == null ? "/" : head.path().toString();
            int q = path.indexOf('?');
            String route = q < 0 ? path : path.substring(0, q);
            if (route.equals("/baseline2")) {
                answer(ctx, "200", "text/plain", Unpooled.copiedBuffer(Long.toString(ArenaRoutes.sum(q < 0 ? "" : path.substring(q + 1))),
                        StandardCharsets.US_ASCII));
            } else if (route.startsWith("/static/") && FILES.containsKey(route.substring(8))) {
                String name = route.substring(8);
                answer(ctx, "200", ArenaRoutes.type(name), Unpooled.wrappedBuffer(FILES.get(name)));
            } else {
                answer(ctx, "404", "text/plain", Unpooled.copiedBuffer("not found", StandardCharsets.US_ASCII));
            }
        }

        private static void answer(ChannelHandlerContext ctx, String status, String type, ByteBuf body) {
            Http3Headers h = new DefaultHttp3Headers().status(status).add("content-type", type)
                    .addInt("content-length", body.readableBytes()).add("server", "netty-h3");
            ctx.write(new DefaultHttp3HeadersFrame(h));
            ctx.writeAndFlush(new DefaultHttp3DataFrame(body)).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
    }
}
