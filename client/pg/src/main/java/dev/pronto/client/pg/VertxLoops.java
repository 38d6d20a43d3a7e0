package dev.pronto.client.pg;

import dev.pronto.client.pg.internal.VertxBridge;
import dev.pronto.core.EventLoops;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.util.concurrent.TimeUnit;

/**
 * A Vert.x instance whose event loops a Pronto server runs on, so that the server and
 * vertx-pg-client share threads.
 *
 * <pre>{@code
 * try (VertxLoops loops = VertxLoops.create(4)) {
 *     Server server = Server.builder().eventLoops(loops.eventLoops()).routes(...).build().start();
 *     ...
 * }
 * }</pre>
 *
 * <p>The native transport (epoll, else NIO) is preferred. The server does not shut these loops
 * down: stop the server, close any {@link Postgres}, then close this. Thread-safe.
 */
public final class VertxLoops implements AutoCloseable {
    private final Vertx vertx;
    private final EventLoops eventLoops;
    private final int size;

    private VertxLoops(Vertx vertx, int size) {
        this.vertx = vertx;
        this.size = size;
        this.eventLoops = new EventLoops(VertxBridge.eventLoopGroup(vertx), VertxBridge.serverChannel(vertx));
    }

    /**
     * Starts Vert.x with {@code loops} event loops.
     *
     * @param loops the number of event-loop threads, at least 1
     * @throws IllegalArgumentException if {@code loops < 1}
     */
    public static VertxLoops create(int loops) {
        if (loops < 1) {
            throw new IllegalArgumentException("loops must be >= 1, got " + loops);
        }
        // Pronto serves files itself: Vert.x's class-path file resolver and its cache directory are start-up cost only
        VertxOptions options = new VertxOptions().setEventLoopPoolSize(loops).setPreferNativeTransport(true)
                .setFileSystemOptions(new FileSystemOptions().setClassPathResolvingEnabled(false).setFileCachingEnabled(false));
        return new VertxLoops(Vertx.vertx(options), loops);
    }

    /** The Vert.x instance, for {@link Postgres#create(Vertx, PgConfig)} and other Vert.x clients. */
    public Vertx vertx() {
        return vertx;
    }

    /** The loops for {@code Server.builder().eventLoops(...)}. */
    public EventLoops eventLoops() {
        return eventLoops;
    }

    /** The number of event loops. */
    public int size() {
        return size;
    }

    /** Closes Vert.x and waits up to ten seconds for its threads to stop. */
    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Vert.x did not close within 10 s", e);
        }
    }
}
