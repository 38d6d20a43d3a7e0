package dev.pronto.client.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scriptable server for misbehaviour: it frames requests (head plus Content-Length body) and
 * lets a script answer each one with raw bytes, or not at all.
 */
final class RawServer implements AutoCloseable {
    /** Answers one request; {@code index} counts requests across connections from 0. */
    @FunctionalInterface
    interface Script {
        void onRequest(ChannelHandlerContext ctx, int index, String request);
    }

    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger connections = new AtomicInteger();
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;

    private final String scheme;

    private RawServer(Script script, SslContext ssl) {
        scheme = ssl == null ? "http" : "https";
        channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        connections.incrementAndGet();
                        if (ssl != null) {
                            ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new Framer(script));
                    }
                }).bind("127.0.0.1", 0).syncUninterruptibly().channel();
    }

    static RawServer start(Script script) {
        return new RawServer(script, null);
    }

    /** A server speaking TLS with {@code ssl}. */
    static RawServer startTls(Script script, SslContext ssl) {
        return new RawServer(script, ssl);
    }

    String url(String path) {
        return scheme + "://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort() + path;
    }

    /** Writes {@code raw} (ISO-8859-1) and flushes. */
    static void send(ChannelHandlerContext ctx, String raw) {
        ctx.writeAndFlush(Unpooled.copiedBuffer(raw, StandardCharsets.ISO_8859_1));
    }

    /** Writes {@code bytes} and flushes. */
    static void send(ChannelHandlerContext ctx, byte[] bytes) {
        ctx.writeAndFlush(Unpooled.wrappedBuffer(bytes));
    }

    /** A 200 response with a Content-Length body. */
    static String ok(String body) {
        return "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
    }

    /** The request target of a raw request. */
    static String path(String request) {
        return request.split(" ", 3)[1];
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class Framer extends ChannelInboundHandlerAdapter {
        private final Script script;
        private final StringBuilder pending = new StringBuilder();

        Framer(Script script) {
            this.script = script;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            pending.append(in.toString(StandardCharsets.ISO_8859_1));
            in.release();
            int end;
            while ((end = pending.indexOf("\r\n\r\n")) >= 0) {
                String head = pending.substring(0, end + 4);
                int length = contentLength(head);
                if (pending.length() < end + 4 + length) {
                    return;
                }
                String request = pending.substring(0, end + 4 + length);
                pending.delete(0, end + 4 + length);
                if (ctx.channel().isActive()) {
                    script.onRequest(ctx, requests.getAndIncrement(), request);
                }
            }
        }

        private int contentLength(String head) {
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    return Integer.parseInt(line.substring(15).trim());
                }
            }
            return 0;
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
