package dev.pronto.grpc;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Settings;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * An h2c client (prior knowledge) that never reads a response body: its SETTINGS give every stream
 * a receive window of 0, so the server must queue whatever it answers, while the client keeps
 * sending gRPC messages on its streams. Records how the server ends each stream.
 */
final class NoReadH2c implements AutoCloseable {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Map<Integer, CompletableFuture<Long>> resets = new ConcurrentHashMap<>();
    private final Http2ConnectionHandler h;
    private final Channel ch;

    NoReadH2c(int port) throws Exception {
        CompletableFuture<Void> settings = new CompletableFuture<>();
        h = new Http2ConnectionHandlerBuilder().server(false)
                .initialSettings(new Http2Settings().initialWindowSize(0))
                .frameListener(new Http2EventAdapter() {
                    @Override
                    public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings s) {
                        settings.complete(null);
                    }

                    @Override
                    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
                        reset(streamId).complete(errorCode);
                    }
                }).build();
        ch = new Bootstrap().group(group).channel(io.netty.channel.socket.nio.NioSocketChannel.class)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel c) {
                        c.pipeline().addLast(h);
                    }
                }).connect("127.0.0.1", port).sync().channel();
        settings.get(10, TimeUnit.SECONDS);
    }

    /** The error code the server resets {@code stream} with, once it does. */
    CompletableFuture<Long> reset(int stream) {
        return resets.computeIfAbsent(stream, s -> new CompletableFuture<>());
    }

    /** Opens {@code stream} as a gRPC call of {@code path}. */
    void open(int stream, String path) throws Exception {
        onLoop(ctx -> h.encoder().writeHeaders(ctx, stream, new DefaultHttp2Headers().method("POST").path(path)
                .scheme("http").authority("localhost").add("content-type", "application/grpc").add("te", "trailers"),
                0, false, ctx.newPromise()));
    }

    /** Sends {@code count} gRPC messages of {@code payload} on {@code stream}, one DATA frame each. */
    void send(int stream, byte[] payload, int count) throws Exception {
        ByteBuf frame = Unpooled.buffer(5 + payload.length).writeByte(0).writeInt(payload.length).writeBytes(payload);
        try {
            onLoop(ctx -> {
                for (int i = 0; i < count; i++) {
                    h.encoder().writeData(ctx, stream, frame.retainedDuplicate(), 0, false, ctx.newPromise());
                }
            });
        } finally {
            frame.release();
        }
    }

    private void onLoop(java.util.function.Consumer<ChannelHandlerContext> action) throws Exception {
        ch.eventLoop().submit(() -> {
            ChannelHandlerContext ctx = ch.pipeline().context(h);
            action.accept(ctx);
            try {
                // through the handler: it writes the flow-controlled DATA first
                h.flush(ctx);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).sync();
    }

    @Override
    public void close() throws Exception {
        ch.close().sync();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
}
