package dev.pronto.examples.arena.redis;

import dev.pronto.core.EventLoops;
import dev.pronto.wire.Transports;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Redis on the server's own event loops: one pipelined connection per loop, opened by {@link #connect()} or on
 * first use, so a
 * handler's command is written and answered on the handler's thread without a hop. Keys are a prefix and a
 * number ({@code item:42}), values bytes.
 *
 * <p>Every command must be issued on one of the loops given to {@link #create}. None ever blocks or waits for
 * a connection: while Redis is unreachable (not yet connected, connection lost, backing off, too many
 * commands waiting, or no answer for about a second) the returned stage fails with a {@link RedisException}
 * at once or within that second, and the loss is logged at most every 10 s. Close it before the loops.
 */
public final class Redis implements AutoCloseable {
    private final List<RedisConnection> connections;
    private final FastThreadLocal<RedisConnection> current = new FastThreadLocal<>() {
        @Override
        protected RedisConnection initialValue() {
            for (RedisConnection c : connections) {
                if (c.loop().inEventLoop()) {
                    return c;
                }
            }
            return null;
        }
    };

    private Redis(List<RedisConnection> connections) {
        this.connections = connections;
    }

    /**
     * A client for Redis at {@code url} on the event loops of {@code loops}; connects nothing yet.
     *
     * @param loops the loops the server runs on, e.g. {@code VertxLoops.eventLoops()}
     * @param url where Redis listens
     * @return the client
     */
    public static Redis create(EventLoops loops, RedisUrl url) {
        Class<? extends Channel> type = Transports.socketChannel(Transports.of(loops.serverChannel()));
        OutageLog outage = new OutageLog(url);
        List<RedisConnection> connections = new ArrayList<>();
        for (EventExecutor executor : loops.group()) {
            connections.add(new RedisConnection((EventLoop) executor, type, url, outage));
        }
        return new Redis(List.copyOf(connections));
    }

    /** Starts connecting every loop's connection now rather than on first use; returns at once. Any thread. */
    public void connect() {
        for (RedisConnection c : connections) {
            c.loop().execute(c::ready);
        }
    }

    /**
     * {@code GET prefix+id}: the value, or null when the key is absent or expired.
     *
     * @throws IllegalStateException if the caller is not one of the event loops
     */
    public CompletionStage<byte[]> get(String prefix, long id) {
        RedisConnection c = connection();
        if (!c.ready()) {
            return c.unavailable().thenApply(Redis::bytes);
        }
        return c.send(RespCommands.get(c.alloc(), prefix, id)).thenApply(Redis::bytes);
    }

    /**
     * {@code SET prefix+id value PX ttlMillis}; completes when Redis has stored it.
     *
     * @throws IllegalStateException if the caller is not one of the event loops
     */
    public CompletionStage<?> set(String prefix, long id, byte[] value, long ttlMillis) {
        RedisConnection c = connection();
        return c.ready() ? c.send(RespCommands.set(c.alloc(), prefix, id, value, ttlMillis)) : c.unavailable();
    }

    /**
     * {@code DEL prefix+id}; completes when Redis has removed it.
     *
     * @throws IllegalStateException if the caller is not one of the event loops
     */
    public CompletionStage<?> delete(String prefix, long id) {
        RedisConnection c = connection();
        return c.ready() ? c.send(RespCommands.delete(c.alloc(), prefix, id)) : c.unavailable();
    }

    /** Closes every connection, each on its loop, waiting up to 5 s; commands issued later fail. Any thread. */
    @Override
    public void close() {
        List<CompletableFuture<?>> done = new ArrayList<>();
        for (RedisConnection c : connections) {
            CompletableFuture<Void> closed = new CompletableFuture<>();
            c.loop().execute(() -> {
                c.close();
                closed.complete(null);
            });
            done.add(closed);
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).completeOnTimeout(null, 5, TimeUnit.SECONDS).join();
    }

    private RedisConnection connection() {
        RedisConnection c = current.get();
        if (c == null) {
            throw new IllegalStateException("Redis used on " + Thread.currentThread().getName()
                    + ", which is not one of the event loops it was created for");
        }
        return c;
    }

    private static byte[] bytes(Object reply) {
        if (reply == null || reply instanceof byte[]) {
            return (byte[]) reply;
        }
        throw new RedisException("GET answered " + reply.getClass().getSimpleName() + ", not a bulk string");
    }
}
