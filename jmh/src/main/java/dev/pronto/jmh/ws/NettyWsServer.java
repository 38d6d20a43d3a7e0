package dev.pronto.jmh.ws;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;

/**
 * The raw Netty baseline of the ws load script: {@code HttpServerCodec}, an aggregator and
 * {@code WebSocketServerProtocolHandler} on {@code /ws}, then a handler echoing text and binary
 * frames with one flush per read batch; one event loop, epoll when available, or io_uring when the
 * second argument says {@code IO_URING}. Run:
 * {@code java -cp benchmarks.jar dev.pronto.jmh.ws.NettyWsServer 8092 [IO_URING]}.
 */
public final class NettyWsServer {
    private NettyWsServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8092;
        boolean uring = args.length > 1 && "IO_URING".equals(args[1]);
        boolean epoll = !uring && Epoll.isAvailable();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, uring ? IoUringIoHandler.newFactory()
                : epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        new ServerBootstrap().group(group)
                .channel(uring ? IoUringServerSocketChannel.class : epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 8192)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),
                                new WebSocketServerProtocolHandler("/ws"), new Echo());
                    }
                })
                .bind(port).sync();
        System.out.println("netty ws listening on " + port);
    }

    private static final class Echo extends SimpleChannelInboundHandler<WebSocketFrame> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
            if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
                ctx.write(frame.retain(), ctx.voidPromise());
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }
}
