package dev.pronto.jmh.core;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import java.util.function.Consumer;

/**
 * The raw Netty servers of the load scripts: one event loop (epoll unless asked for io_uring), TCP_NODELAY,
 * serving until killed.
 */
public final class OneLoopServer {
    private OneLoopServer() {
    }

    /**
     * Binds {@code port}, lets {@code pipeline} set up each connection, and blocks until the process ends.
     *
     * @param name printed with the port once listening
     */
    public static void serve(String name, int port, Consumer<Channel> pipeline) throws InterruptedException {
        serve(name, port, "EPOLL", pipeline);
    }

    /**
     * As {@link #serve(String, int, Consumer)} on {@code transport}: {@code EPOLL} or {@code IO_URING}.
     *
     * @throws IllegalArgumentException for another transport name
     */
    public static void serve(String name, int port, String transport, Consumer<Channel> pipeline)
            throws InterruptedException {
        boolean uring = switch (transport) {
            case "EPOLL" -> false;
            case "IO_URING" -> true;
            default -> throw new IllegalArgumentException("transport must be EPOLL or IO_URING: " + transport);
        };
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1,
                uring ? IoUringIoHandler.newFactory() : EpollIoHandler.newFactory());
        Channel ch = new ServerBootstrap().group(group)
                .channel(uring ? IoUringServerSocketChannel.class : EpollServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 8192)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        pipeline.accept(c);
                    }
                }).bind(port).sync().channel();
        System.out.println(name + " listening on " + port + " (" + transport + ")");
        ch.closeFuture().sync();
    }
}
