package dev.pronto.examples.arena;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import redis.embedded.RedisServer;

/**
 * A real redis-server (the binary bundled by embedded-redis) for tests and {@code production-stack-check.sh}:
 * never part of {@code arena.jar}. As a program it prints {@code REDIS_URL=...} once Redis accepts
 * connections and runs until killed.
 */
public final class EmbeddedCache implements AutoCloseable {
    private final RedisServer server;
    private final int port;

    private EmbeddedCache(RedisServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /** Starts Redis, prints {@code REDIS_URL=redis://127.0.0.1:<port>} and runs until the JVM is stopped. */
    public static void main(String[] args) throws Exception {
        EmbeddedCache cache = start();
        System.out.println("REDIS_URL=" + cache.url());
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(cache::close));
        new CountDownLatch(1).await();
    }

    /**
     * Starts redis-server on 127.0.0.1 without persistence. Redis cannot bind port 0, so it is given a random
     * high port, and a start that fails (another process has the port) is tried again on another one.
     */
    static EmbeddedCache start() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOn(ThreadLocalRandom.current().nextInt(20_000, 60_000));
            } catch (IOException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    /** Starts redis-server on {@code port} of 127.0.0.1, e.g. again after {@link #close()}, without persistence. */
    static EmbeddedCache startOn(int port) throws IOException {
        RedisServer server = RedisServer.newRedisServer().bind("127.0.0.1").port(port)
                .setting("save \"\"").setting("appendonly no").build();
        server.start();
        return new EmbeddedCache(server, port);
    }

    /** The URL to give the arena app as {@code REDIS_URL}. */
    String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** The port Redis listens on. */
    int port() {
        return port;
    }

    /** Stops redis-server; the data is gone. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (IOException e) {
            System.err.println("Embedded Redis did not stop cleanly: " + e);
        }
    }
}
