package dev.pronto.examples.arena.redis;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One event loop's pipelined Redis connection; every method runs on that loop. It connects on first use and,
 * after a failure, again on a use after a backoff (50 ms doubling to 2 s): until then commands fail at once,
 * so an outage costs the caller no wait. Commands written in one loop iteration leave in one flush. A
 * connection with commands waiting and no answer for two watchdog ticks (1 to 1.5 s) is closed, failing them.
 */
final class RedisConnection {
    static final int MAX_PENDING = 8192;
    private static final long MIN_BACKOFF = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long MAX_BACKOFF = TimeUnit.SECONDS.toNanos(2);
    private static final long TICK_MILLIS = 500;
    private static final CompletableFuture<Object> NOT_CONNECTED =
            CompletableFuture.failedFuture(new RedisException("Redis is not connected"));
    private static final CompletableFuture<Object> OVERLOADED =
            CompletableFuture.failedFuture(new RedisException(MAX_PENDING + " Redis commands already waiting"));

    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final RedisUrl url;
    private final OutageLog outage;
    private final ArrayDeque<CompletableFuture<Object>> pending = new ArrayDeque<>();
    private final Runnable flush = this::flush;
    private Channel channel;
    private ScheduledFuture<?> watchdog;
    private boolean connecting;
    private boolean closed;
    private boolean flushQueued;
    private long retryAt = System.nanoTime();
    private long backoff = MIN_BACKOFF;
    private long answered;
    private long answeredAtTick;
    private int stalledTicks;

    RedisConnection(EventLoop loop, Class<? extends Channel> type, RedisUrl url, OutageLog outage) {
        this.loop = loop;
        this.url = url;
        this.outage = outage;
        this.bootstrap = new Bootstrap().group(loop).channel(type)
                .option(ChannelOption.TCP_NODELAY, true).option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 1000)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new RespDecoder(), new Replies());
                    }
                });
    }

    EventLoop loop() {
        return loop;
    }

    /** Whether a command can be sent now; when not, starts connecting if the backoff allows. */
    boolean ready() {
        if (channel != null) {
            return pending.size() < MAX_PENDING;
        }
        if (!connecting && !closed && System.nanoTime() - retryAt >= 0) {
            connect();
        }
        return false;
    }

    /** The failure to return when {@link #ready()} is false. */
    CompletableFuture<Object> unavailable() {
        return channel == null ? NOT_CONNECTED : OVERLOADED;
    }

    /** The allocator for a command; only after {@link #ready()} returned true. */
    ByteBufAllocator alloc() {
        return channel.alloc();
    }

    /** Sends {@code command} (ownership moves here); only after {@link #ready()} returned true. */
    CompletableFuture<Object> send(ByteBuf command) {
        CompletableFuture<Object> reply = new CompletableFuture<>();
        pending.add(reply);
        channel.write(command, channel.voidPromise());
        if (!flushQueued) {
            flushQueued = true;
            loop.execute(flush);
        }
        return reply;
    }

    /** Closes the connection for good; waiting commands fail. */
    void close() {
        closed = true;
        if (channel != null) {
            channel.close();
        }
    }

    private void flush() {
        flushQueued = false;
        if (channel != null) {
            channel.flush();
        }
    }

    private void connect() {
        connecting = true;
        bootstrap.connect(url.host(), url.port()).addListener((ChannelFuture f) -> {
            connecting = false;
            if (!f.isSuccess()) {
                retryLater();
                outage.down("connect: " + f.cause().getMessage());
            } else if (closed) {
                f.channel().close();
            } else {
                channel = f.channel();
                backoff = MIN_BACKOFF;
                watchdog = loop.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
                outage.up();
            }
        });
    }

    private void retryLater() {
        retryAt = System.nanoTime() + backoff;
        backoff = Math.min(MAX_BACKOFF, backoff * 2);
    }

    private void tick() {
        if (!pending.isEmpty() && answered == answeredAtTick) {
            if (++stalledTicks >= 2 && channel != null) {
                outage.down("no answer for " + stalledTicks * TICK_MILLIS + " ms");
                channel.close();
            }
        } else {
            stalledTicks = 0;
        }
        answeredAtTick = answered;
    }

    private void lost(Channel ch, String why) {
        if (ch != channel) {
            return;
        }
        channel = null;
        watchdog.cancel(false);
        stalledTicks = 0;
        retryLater();
        RedisException failure = new RedisException("Redis connection lost: " + why);
        for (CompletableFuture<Object> reply; (reply = pending.poll()) != null; ) {
            reply.completeExceptionally(failure);
        }
        if (!closed) {
            outage.down(why);
        }
    }

    /** Matches replies to commands in order. */
    private final class Replies extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            answered++;
            CompletableFuture<Object> reply = pending.poll();
            if (reply == null) {
                ctx.close();
            } else if (msg instanceof RedisException error) {
                reply.completeExceptionally(error);
            } else {
                reply.complete(msg == RespDecoder.NIL ? null : msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            lost(ctx.channel(), "closed");
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            outage.down(cause.toString());
            ctx.close();
        }
    }
}
