package dev.pronto.examples.arena.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.EventLoops;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client against servers that misbehave at the socket level. */
class RedisConnectionTest {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final EventLoops loops = new EventLoops(group, NioServerSocketChannel.class);

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The failure of one GET issued on the loop, or null when it succeeded; waits 5 s at most. */
    private Throwable failureOfGet(Redis redis) throws Exception {
        CompletableFuture<CompletableFuture<byte[]>> issued = new CompletableFuture<>();
        group.next().execute(() -> issued.complete(redis.get("k:", 1).toCompletableFuture()));
        try {
            issued.get(5, TimeUnit.SECONDS).get(5, TimeUnit.SECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    @Test
    void redisThatNeverAnswersFailsTheWaitingCommandInsteadOfHanging() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Redis redis = Redis.create(loops, new RedisUrl("127.0.0.1", silent.getLocalPort()));
            redis.connect();
            silent.setSoTimeout(5000);
            try (Socket accepted = silent.accept()) {
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                Throwable failure = failureOfGet(redis);
                // until the loop has seen its connect complete, commands fail at once as "not connected"
                while (failure != null && failure.getMessage().contains("not connected") && System.nanoTime() < end) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
                    failure = failureOfGet(redis);
                }
                assertThat(failure).isInstanceOf(RedisException.class).hasMessageContaining("connection lost");
            }
            redis.close();
        }
    }

    @Test
    void commandOffTheLoopsIsRefused() {
        Redis redis = Redis.create(loops, new RedisUrl("127.0.0.1", 6379));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> redis.get("k:", 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not one of the event loops");
    }
}
