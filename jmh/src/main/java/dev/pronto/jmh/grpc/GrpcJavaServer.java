package dev.pronto.jmh.grpc;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import java.net.InetSocketAddress;

/**
 * The baseline: grpc-java's own Netty server (grpc-netty-shaded) serving {@link SumService}, tuned
 * as its docs advise for non-blocking services: one epoll event loop and the direct executor (no
 * hop to a thread pool), so it runs on one core like Pronto.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.grpc.GrpcJavaServer 18091}.
 */
public final class GrpcJavaServer {
    private GrpcJavaServer() {
    }

    /** Argument: the port. */
    public static void main(String[] args) throws Exception {
        EpollEventLoopGroup loop = new EpollEventLoopGroup(1);
        NettyServerBuilder.forAddress(new InetSocketAddress(Integer.parseInt(args[0])))
                .channelType(EpollServerSocketChannel.class)
                .bossEventLoopGroup(loop).workerEventLoopGroup(loop)
                .directExecutor()
                .addService(new SumService())
                .build().start().awaitTermination();
    }
}
