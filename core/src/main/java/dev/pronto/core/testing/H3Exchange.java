package dev.pronto.core.testing;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Requests over HTTP/3 for {@link TestClient}: a real QUIC connection per request to the server's HTTP/3
 * listener on 127.0.0.1, on Netty's QUIC client codec (loaded only for {@link TestClient.Protocol#H3}).
 * Trusts any certificate. Thread-safe; closed with its client.
 */
final class H3Exchange implements AutoCloseable {
    private final EventLoopGroup group = new io.netty.channel.MultiThreadIoEventLoopGroup(1,
            io.netty.channel.nio.NioIoHandler.newFactory());
    private final Channel udp;
    private final int port;

    H3Exchange(int port) {
        this.port = port;
        var ssl = QuicSslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE)
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        var codec = Http3.newQuicClientCodecBuilder().sslContext(ssl).maxIdleTimeout(30, TimeUnit.SECONDS)
                .initialMaxData(64L << 20).initialMaxStreamDataBidirectionalLocal(16L << 20)
                .initialMaxStreamsBidirectional(16).build();
        this.udp = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec).bind(0)
                .syncUninterruptibly().channel();
    }

    /** Sends {@code request} on a new connection and waits up to {@code timeoutMillis} for the whole response. */
    TestResponse request(H2Exchange.Request request, long timeoutMillis) throws Exception {
        QuicChannel quic = QuicChannel.newBootstrap(udp).handler(new Http3ClientConnectionHandler())
                .remoteAddress(new InetSocketAddress("127.0.0.1", port)).connect().get(timeoutMillis, TimeUnit.MILLISECONDS);
        try {
            Collector collector = new Collector();
            QuicStreamChannel stream = Http3.newRequestStream(quic, collector).get(timeoutMillis, TimeUnit.MILLISECONDS);
            Http3Headers headers = new DefaultHttp3Headers().method(request.method()).path(request.uri())
                    .scheme("https").authority("test");
            request.headers().forEach((k, v) -> headers.add(k.toLowerCase(java.util.Locale.ROOT), v));
            byte[] payload = request.body() == null ? null : request.body().getBytes(StandardCharsets.UTF_8);
            if (payload != null) {
                headers.setInt("content-length", payload.length);
            }
            ChannelFuture last = stream.write(new DefaultHttp3HeadersFrame(headers));
            if (payload != null) {
                last = stream.write(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(payload)));
            }
            stream.flush();
            // Netty's shutdownOutput() sends the FIN at once, past queued frames: it waits for the last one
            last.addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            return collector.done.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } finally {
            quic.close();
        }
    }

    @Override
    public void close() {
        udp.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Gathers one response: informational heads skipped, then the head, DATA, trailers, FIN. */
    private static final class Collector extends Http3RequestStreamInboundHandler {
        final CompletableFuture<TestResponse> done = new CompletableFuture<>();
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();
        private final List<Map.Entry<String, String>> trailers = new ArrayList<>();
        private final ByteBuf body = Unpooled.buffer();
        private int status;

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            Http3Headers h = frame.headers();
            boolean trailing = status != 0;
            if (!trailing && h.status() != null) {
                int s = Integer.parseInt(h.status().toString());
                if (s < 200) {
                    return;
                }
                status = s;
            }
            List<Map.Entry<String, String>> into = trailing ? trailers : headers;
            h.forEach(e -> {
                if (e.getKey().charAt(0) != ':') {
                    into.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey().toString(), e.getValue().toString()));
                }
            });
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            body.writeBytes(frame.content());
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            finish();
        }

        @Override
        protected void handleQuicException(ChannelHandlerContext ctx, QuicException exception) {
            fail("stream failed: " + exception);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            fail("stream closed before the response ended");
        }

        private void fail(String why) {
            if (!done.isDone()) {
                body.release();
                done.completeExceptionally(new AssertionError(why));
            }
        }

        private void finish() {
            if (done.isDone()) {
                return;
            }
            byte[] bytes = new byte[body.readableBytes()];
            body.readBytes(bytes);
            body.release();
            done.complete(new TestResponse("HTTP/3.0", status, headers, bytes, trailers));
        }
    }
}
