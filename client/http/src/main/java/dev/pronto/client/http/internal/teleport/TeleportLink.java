package dev.pronto.client.http.internal.teleport;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.PendingLimitException;
import dev.pronto.client.http.RequestTimeoutException;
import dev.pronto.client.http.TeleportConfig;
import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.wire.TeleportOutput;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One teleport connection of a client and the calls on it, across reconnects. Everything but
 * {@link #submit} runs on the link's event loop, so ids, the id map and the queue need no lock.
 * Calls are written as they come and flushed once per loop turn; a call made while the link is
 * connecting waits in the queue (a failed connect fails the queue). When the connection drops,
 * every call awaiting a response fails with {@link ConnectionClosedException}: a response can only
 * ever reach the call whose id it carries on the connection that sent it. Reconnects wait a
 * backoff that doubles per failure. Deadlines are swept on the loop's timer while calls are pending.
 */
final class TeleportLink {
    private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final TeleportConfig config;
    private final EventLoop loop;
    private final Class<? extends Channel> channelClass;
    /** The TLS context when the config asks for TLS, else null. */
    private final io.netty.handler.ssl.SslContext ssl;
    /** Calls queued or in flight: checked and counted from any thread to fail fast. */
    private final AtomicInteger pending = new AtomicInteger();
    private final ArrayDeque<TeleportCall> queue = new ArrayDeque<>();
    private final TeleportIds inflight = new TeleportIds();
    private final DecodedResponse pooled = DecodedResponse.pooled();
    private final Runnable flushTask = this::flush;
    private Channel channel;
    /** The latest connection's handler: freed by {@link #abandon} when its loop dropped it unannounced. */
    private TeleportClientHandler handler;
    private TeleportOutput out;
    private boolean connecting;
    private boolean flushScheduled;
    private boolean closed;
    private int nextId = 1;
    private long delayNanos;
    private long notBefore;
    private ScheduledFuture<?> sweep;

    TeleportLink(TeleportConfig config, EventLoop loop, Class<? extends Channel> channelClass,
                 io.netty.handler.ssl.SslContext ssl) {
        this.config = config;
        this.loop = loop;
        this.channelClass = channelClass;
        this.ssl = ssl;
    }

    EventLoop loop() {
        return loop;
    }

    ByteBufAllocator alloc() {
        return channel != null ? channel.alloc() : ByteBufAllocator.DEFAULT;
    }

    DecodedResponse pooledResponse() {
        return pooled;
    }

    /** Queues {@code call}; fails it at once past {@code maxPendingRequests}. Any thread. */
    void submit(TeleportCall call) {
        if (pending.incrementAndGet() > config.maxPendingRequests()) {
            pending.decrementAndGet();
            notify(call, null, new PendingLimitException("more than maxPendingRequests=" + config.maxPendingRequests()
                    + " requests queued or in flight on a teleport connection to " + where()));
            return;
        }
        if (loop.inEventLoop()) {
            enqueue(call);
            return;
        }
        try {
            loop.execute(() -> enqueue(call));
        } catch (java.util.concurrent.RejectedExecutionException gone) {
            finish(call, null, new ClientException("client is closed"));
        }
    }

    private void enqueue(TeleportCall call) {
        if (closed) {
            finish(call, null, new ClientException("client is closed"));
            return;
        }
        if (channel != null) {
            write(call);
        } else {
            queue.add(call);
            connect();
        }
        if (sweep == null) {
            sweep = loop.scheduleAtFixedRate(this::sweep, SWEEP_NANOS, SWEEP_NANOS, TimeUnit.NANOSECONDS);
        }
    }

    private void write(TeleportCall call) {
        int id = call.expectsResponse() ? inflight.add(call) : 0;
        ByteBuf body = call.request.body();
        int bodyLength = body == null ? 0 : body.readableBytes();
        // straight into the batch (or flate's scratch): no buffer, no channel write per request
        ByteBuf msg = out.beginMessage(260 + bodyLength);
        msg.writeIntLE(id);
        call.request.writeHead(msg);
        msg.writeShort(('\r' << 8) | '\n');
        if (body != null) {
            msg.writeBytes(body, body.readerIndex(), bodyLength);
        }
        out.endMessage();
        if (!call.expectsResponse()) {
            finish(call, null, null);
        }
        if (!flushScheduled) {
            flushScheduled = true;
            long delay = config.maxBatchDelay().toNanos();
            if (delay == 0) {
                loop.execute(flushTask);
            } else {
                // the batch waits for more requests; every request written meanwhile rides in it
                loop.schedule(flushTask, delay, TimeUnit.NANOSECONDS);
            }
        }
    }

    private void flush() {
        flushScheduled = false;
        if (out != null) {
            out.flush();
        }
    }

    // ---- connection ----

    private void connect() {
        if (connecting || channel != null || closed) {
            return;
        }
        connecting = true;
        long wait = notBefore - System.nanoTime();
        if (wait > 0) {
            loop.schedule(this::dial, wait, TimeUnit.NANOSECONDS);
        } else {
            dial();
        }
    }

    private void dial() {
        Bootstrap b = new Bootstrap().group(loop).channel(channelClass)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) config.connectTimeout().toMillis())
                .handler(handler = new TeleportClientHandler(this, config, ssl));
        b.connect(config.host(), config.port()).addListener(f -> {
            if (!f.isSuccess()) {
                connectFailed(f.cause());
            }
        });
    }

    /** The handshake is done: {@code out} writes requests on {@code ch}. */
    void ready(Channel ch, TeleportOutput output) {
        connecting = false;
        if (closed) {
            output.release();
            ch.close();
            return;
        }
        channel = ch;
        out = output;
        delayNanos = 0;
        while (!queue.isEmpty()) {
            write(queue.poll());
        }
    }

    /** Connecting or the handshake failed: the queued calls fail, the next try waits a backoff. */
    void connectFailed(Throwable cause) {
        connecting = false;
        backOff();
        ConnectFailedException failure = new ConnectFailedException("cannot open a teleport connection to " + where()
                + ": " + cause.getMessage(), cause);
        for (TeleportCall c; (c = queue.poll()) != null; ) {
            finish(c, null, failure);
        }
    }

    private void backOff() {
        long base = config.reconnectDelay().toNanos();
        delayNanos = delayNanos == 0 ? base : Math.min(delayNanos * 2, TeleportConfig.MAX_RECONNECT_DELAY.toNanos());
        notBefore = System.nanoTime() + delayNanos;
    }

    /** The connection {@code ch} closed (or broke): every call awaiting its response fails. */
    void closed(Channel ch, Throwable cause) {
        if (ch != channel) {
            if (connecting) {
                connectFailed(cause != null ? cause : new java.nio.channels.ClosedChannelException());
            }
            return;
        }
        channel = null;
        if (out != null) {
            out.release();
            out = null;
        }
        backOff();
        if (inflight.isEmpty()) {
            return;
        }
        ConnectionClosedException failure = new ConnectionClosedException("teleport connection to " + where()
                + " closed with " + inflight.size() + " requests awaiting responses"
                + (cause != null ? ": " + cause.getMessage() : ""), cause);
        inflight.drain().forEach(c -> finish(c, null, failure));
    }

    /** The response with {@code id} arrived: its call, now off the map, or null when it timed out. */
    TeleportCall claim(int id) {
        return inflight.claim(id);
    }

    void respond(TeleportCall call, DecodedResponse resp) {
        finish(call, resp, null);
        if (!call.detached) {
            resp.release();
        }
    }

    /** The server broke the framing: fail the call being read and drop the connection (which fails the rest). */
    void malformed(TeleportCall call, String why) {
        MalformedResponseException failure = new MalformedResponseException(why + " (teleport " + where() + ")");
        if (call != null) {
            finish(call, null, failure);
        }
        if (channel != null) {
            channel.close();
        }
    }

    // ---- completion and deadlines ----

    private void finish(TeleportCall call, DecodedResponse resp, Throwable failure) {
        if (call.done) {
            return;
        }
        call.done = true;
        pending.decrementAndGet();
        notify(call, resp, failure);
    }

    private static void notify(TeleportCall call, DecodedResponse resp, Throwable failure) {
        if (call.listener != null) {
            try {
                call.listener.complete(resp, failure);
            } catch (RuntimeException listenerBug) {
                // the listener's own failure is not the request's: nothing more to deliver
            }
        }
    }

    private void sweep() {
        if (pending.get() == 0 && queue.isEmpty() && inflight.isEmpty()) {
            sweep.cancel(false);
            sweep = null;
            return;
        }
        long now = System.nanoTime();
        for (Iterator<TeleportCall> it = queue.iterator(); it.hasNext(); ) {
            TeleportCall c = it.next();
            if (now - c.deadline >= 0) {
                it.remove();
                finish(c, null, timeout(c));
            }
        }
        List<TeleportCall> late = inflight.expired(now);
        if (late != null) {
            late.forEach(c -> finish(c, null, timeout(c)));
        }
    }

    private RequestTimeoutException timeout(TeleportCall c) {
        return new RequestTimeoutException("no teleport response within the request timeout for " + c.request);
    }

    /** Fails everything and closes the connection for good. Event loop. */
    io.netty.util.concurrent.Future<?> shutdown(ClientException reason) {
        failAndFree(reason);
        return channel != null ? channel.close() : loop.newSucceededFuture(null);
    }

    /**
     * {@link #shutdown} for a link whose loop terminated before it could run there: that loop may
     * have dropped the channel without telling its handler, so the handler's buffers are freed here
     * too. Any thread, once the loop has terminated.
     */
    void abandon(ClientException reason) {
        failAndFree(reason);
        if (handler != null) {
            handler.release();
        }
    }

    private void failAndFree(ClientException reason) {
        closed = true;
        for (TeleportCall c; (c = queue.poll()) != null; ) {
            finish(c, null, reason);
        }
        inflight.drain().forEach(c -> finish(c, null, reason));
        if (sweep != null) {
            sweep.cancel(false);
            sweep = null;
        }
        pooled.release();
        if (out != null) {
            // now, not when the channel reports inactive: a loop shutting down may refuse that notification
            out.release();
            out = null;
        }
    }

    private String where() {
        return config.host() + ":" + config.port();
    }
}
