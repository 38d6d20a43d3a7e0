package dev.pronto.jmh.core;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import java.util.function.Consumer;

/** The raw Netty servers of the load scripts: one epoll event loop, TCP_NODELAY, serving until killed. */
public final class OneLoopServer {
    private OneLoopServer() {
    }

    /**
     * Binds {@code port}, lets {@code pipeline} set up each connection, and blocks until the process ends.
     *
     * @param name printed with the port once listening
     */
    public static void serve(String name, int port, Consumer<Channel> pipeline) throws InterruptedException {
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        Channel ch = new ServerBootstrap().group(group).channel(EpollServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 8192)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        pipeline.accept(c);
                    }
                }).bind(port).sync().channel();
        System.out.println(name + " listening on " + port);
        ch.closeFuture().sync();
    }
}
