package dev.pronto.jmh.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * An in-process server for client benchmarks that answers every request head (a bodiless GET
 * ended by CRLFCRLF) with the same canned JSON item, the answers of a read batch in one write, on
 * one loop of its own: the server's share of the CPU stays small and equal for every client variant.
 */
final class CannedItemServer implements AutoCloseable {
    static final String ITEM = "{\"id\":42,\"name\":\"Item 42\",\"category\":\"electronics\",\"price\":100,\"quantity\":5,"
            + "\"active\":true,\"tags\":[\"fast\",\"new\"],\"rating\":{\"score\":4,\"count\":120}}";
    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + ITEM.length() + "\r\n\r\n" + ITEM).getBytes(StandardCharsets.US_ASCII);

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;

    CannedItemServer() throws InterruptedException {
        channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        c.pipeline().addLast(new CannedAnswers(RESPONSE));
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
}
