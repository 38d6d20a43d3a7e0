package dev.pronto.examples.arena.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.EventLoops;
import dev.pronto.testsupport.Await;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
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
    private Throwable failureOfGetOrFail(Redis redis) {
        try {
            return failureOfGet(redis);
        } catch (Exception e) {
            throw new AssertionError("GET neither answered nor failed", e);
        }
    }

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
                Throwable[] failure = new Throwable[1];
                // until the loop has seen its connect complete, commands fail at once as "not connected"
                Await.within(Duration.ofSeconds(10), () -> (failure[0] = failureOfGetOrFail(redis)) == null
                        || !failure[0].getMessage().contains("not connected"));
                assertThat(failure[0]).isInstanceOf(RedisException.class).hasMessageContaining("connection lost");
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
