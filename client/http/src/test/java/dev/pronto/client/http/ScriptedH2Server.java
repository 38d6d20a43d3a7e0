package dev.pronto.client.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An h2c server on Netty's frame layer whose answers a test scripts per request stream: respond,
 * hold, or send a GOAWAY with a chosen last stream id. Records the first RST_STREAM it receives.
 */
final class ScriptedH2Server implements AutoCloseable {
    /** Reacts to the request head of {@code streamId} on connection number {@code connection} (from 0). */
    @FunctionalInterface
    interface Script {
        void onRequest(Peer peer, int connection, int streamId, Http2Headers headers);
    }

    final AtomicInteger connections = new AtomicInteger();
    final CompletableFuture<Long> firstReset = new CompletableFuture<>();
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;

    ScriptedH2Server(Script script) {
        channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        Peer peer = new Peer(connections.getAndIncrement(), script);
                        Http2ConnectionHandler handler = new Http2ConnectionHandlerBuilder().server(true)
                                .frameListener(peer).build();
                        peer.handler = handler;
                        ch.pipeline().addLast(handler);
                    }
                }).bind("127.0.0.1", 0).syncUninterruptibly().channel();
    }

    String url(String path) {
        return "http://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort() + path;
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One client connection, as the script sees it. */
    final class Peer extends Http2EventAdapter {
        private final int index;
        private final Script script;
        private Http2ConnectionHandler handler;
        private ChannelHandlerContext ctx;

        Peer(int index, Script script) {
            this.index = index;
            this.script = script;
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) {
            this.ctx = ctx;
            script.onRequest(this, index, streamId, headers);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                                  short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            return data.readableBytes() + padding;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            firstReset.complete(errorCode);
        }

        /** Answers {@code streamId} with 200 and {@code body}. */
        void respond(int streamId, String body) {
            handler.encoder().writeHeaders(ctx, streamId, new DefaultHttp2Headers().status("200"), 0, false,
                    ctx.newPromise());
            handler.encoder().writeData(ctx, streamId, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), 0, true,
                    ctx.newPromise());
            handler.flush(ctx);
        }

        /** Answers {@code streamId} with 200, {@code body} and a trailer field ending the stream. */
        void respondWithTrailers(int streamId, String body) {
            handler.encoder().writeHeaders(ctx, streamId, new DefaultHttp2Headers().status("200"), 0, false,
                    ctx.newPromise());
            handler.encoder().writeData(ctx, streamId, Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), 0, false,
                    ctx.newPromise());
            handler.encoder().writeHeaders(ctx, streamId, new DefaultHttp2Headers().add("x-checksum", "1"), 0, true,
                    ctx.newPromise());
            handler.flush(ctx);
        }

        /** Resets {@code streamId} with {@code error}. */
        void reset(int streamId, Http2Error error) {
            handler.resetStream(ctx, streamId, error.code(), ctx.newPromise());
            handler.flush(ctx);
        }

        /** Sends GOAWAY NO_ERROR: streams above {@code lastStreamId} will not be processed. */
        void goAway(int lastStreamId) {
            handler.goAway(ctx, lastStreamId, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
            handler.flush(ctx);
        }
    }
}
