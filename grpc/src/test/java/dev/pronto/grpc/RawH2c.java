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
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One hand-made HTTP/2 request over a real h2c socket (prior knowledge), for bytes a gRPC stub would
 * never send. Collects the response's :status, headers and trailers; a reset stream is status -1.
 */
final class RawH2c {
    private RawH2c() {
    }

    /** The response: header fields and trailer fields by name, body bytes, and the DATA frames that carried them. */
    record Answer(int status, Map<String, String> headers, Map<String, String> trailers, byte[] body, int dataFrames) {
    }

    static Answer post(int port, String path, Map<String, String> fields, byte[] body) throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Listener l = new Listener();
            Http2ConnectionHandler h = new Http2ConnectionHandlerBuilder().server(false).frameListener(l).build();
            Channel ch = new Bootstrap().group(group).channel(NioSocketChannel.class).handler(new ChannelInitializer<>() {
                @Override
                protected void initChannel(Channel c) {
                    c.pipeline().addLast(h);
                }
            }).connect("127.0.0.1", port).sync().channel();
            // like real clients, send the request once the server's SETTINGS arrived
            l.settings.get(10, TimeUnit.SECONDS);
            ch.eventLoop().submit(() -> {
                ChannelHandlerContext ctx = ch.pipeline().context(h);
                Http2Headers headers = new DefaultHttp2Headers().method("POST").path(path).scheme("http").authority("localhost");
                fields.forEach(headers::add);
                h.encoder().writeHeaders(ctx, 3, headers, 0, false, ctx.newPromise());
                h.encoder().writeData(ctx, 3, Unpooled.wrappedBuffer(body), 0, true, ctx.newPromise());
                // through the handler: it writes the flow-controlled DATA first, ctx.flush() would not
                try {
                    h.flush(ctx);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).sync();
            Answer a = l.done.get(10, TimeUnit.SECONDS);
            ch.close().sync();
            return a;
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static final class Listener extends Http2EventAdapter {
        final CompletableFuture<Answer> done = new CompletableFuture<>();
        final CompletableFuture<Void> settings = new CompletableFuture<>();
        final Map<String, String> headers = new HashMap<>();
        final Map<String, String> trailers = new HashMap<>();
        final java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        int status;
        int dataFrames;

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers h, int padding, boolean end) {
            Map<String, String> into = status == 0 ? headers : trailers;
            if (status == 0) {
                status = Integer.parseInt(h.status().toString());
            }
            h.forEach(e -> into.put(e.getKey().toString(), e.getValue().toString()));
            if (end) {
                finish();
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers h, int dep, short weight,
                                  boolean exclusive, int padding, boolean end) {
            onHeadersRead(ctx, streamId, h, padding, end);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean end) {
            int n = data.readableBytes() + padding;
            dataFrames++;
            byte[] b = new byte[data.readableBytes()];
            data.readBytes(b);
            body.writeBytes(b);
            if (end) {
                finish();
            }
            return n;
        }

        @Override
        public void onSettingsRead(ChannelHandlerContext ctx, io.netty.handler.codec.http2.Http2Settings s) {
            settings.complete(null);
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            if (status == 0) {
                status = -1;
            }
            finish();
        }

        private void finish() {
            done.complete(new Answer(status, headers, trailers, body.toByteArray(), dataFrames));
        }
    }
}
