package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ResponseListener;
import io.netty.channel.EventLoop;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * The client's state on one event loop: pools per origin, the MPSC inbox for other threads (one
 * wake-up per batch), the connections to flush at the end of the turn, and one periodic tick for
 * timeouts and idle eviction (no timer per request).
 */
public final class LoopContext implements Runnable {
    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(LoopContext.class);
    private static final int FREE_EXCHANGES = 4096;

    private final EventLoop loop;
    private final ClientRuntime runtime;
    private final MpscUnboundedXaddArrayQueue<Exchange> inbox = new MpscUnboundedXaddArrayQueue<>(256);
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private final MpmcArrayQueue<Exchange> free = new MpmcArrayQueue<>(FREE_EXCHANGES);
    private final HashMap<Origin, LoopPool> pools = new HashMap<>();
    private final ArrayList<ClientConnection> dirty = new ArrayList<>();
    /** Open WebSocket channels of this loop: closed with the client, not left to the loop's shutdown. */
    private final java.util.HashSet<io.netty.channel.Channel> webSockets = new java.util.HashSet<>();
    private final MessagePassingQueue.Consumer<Exchange> accept = this::accept;
    private final Runnable flushTask = this::flushDirty;
    private final long timeoutNanos;
    private final long idleNanos;
    private LoopPool lastPool;
    private boolean flushScheduled;
    private ScheduledFuture<?> ticker;
    private RuntimeException closed;

    /** The client's state on {@code loop}, sharing {@code runtime} with the other loops. */
    public LoopContext(EventLoop loop, ClientRuntime runtime) {
        this.loop = loop;
        this.runtime = runtime;
        this.timeoutNanos = runtime.config().requestTimeout().toNanos();
        this.idleNanos = runtime.config().idleTimeout().toNanos();
    }

    /** The event loop this context is confined to. */
    public EventLoop eventLoop() {
        return loop;
    }

    /** What all loops of the client share. */
    public ClientRuntime runtime() {
        return runtime;
    }

    /** A recycled or new exchange for {@code request}; any thread. */
    public Exchange acquire(ClientRequest request, ResponseListener listener) {
        Exchange x = free.relaxedPoll();
        if (x == null) {
            x = new Exchange();
        }
        x.init(request, listener, timeoutNanos);
        return x;
    }

    /** Runs {@code x} on this loop: inline when already on it, else through the inbox; any thread. */
    public void submit(Exchange x) {
        if (loop.inEventLoop()) {
            accept(x);
            if (!flushScheduled && !dirty.isEmpty()) {
                flushScheduled = true;
                loop.execute(flushTask);
            }
            return;
        }
        inbox.offer(x);
        if (!wakeupPending.get() && wakeupPending.compareAndSet(false, true)) {
            loop.execute(this);
        }
    }

    /** Drains the inbox: the one task per batch of foreign submissions. */
    @Override
    public void run() {
        wakeupPending.set(false);
        inbox.drain(accept);
        flushDirty();
    }

    void accept(Exchange x) {
        if (closed != null) {
            fail(x, closed);
            return;
        }
        ClientRequest r = x.request;
        LoopPool p = lastPool;
        if (p == null || !p.origin().matches(r)) {
            p = pools.computeIfAbsent(Origin.of(r), o -> new LoopPool(this, o, runtime.maxConnectionsPerLoop()));
            lastPool = p;
            startTicking();
        }
        p.enqueue(x);
    }

    /** {@code c} wrote and is flushed once at the end of this loop turn ({@link #flushDirty}). Event loop only. */
    public void markDirty(ClientConnection c) {
        dirty.add(c);
    }

    /** Whether the client was closed on this loop. */
    boolean isShutdown() {
        return closed != null;
    }

    /** Flushes every connection written to since the last flush. Event loop only. */
    public void flushDirty() {
        flushScheduled = false;
        for (int i = 0; i < dirty.size(); i++) {
            dirty.get(i).flush();
        }
        dirty.clear();
    }

    /** Delivers a complete response: decodes the body, follows redirects, calls the listener, recycles. */
    public void complete(Exchange x, DecodedResponse r) {
        try {
            Inflate.apply(r, runtime.config(), x);
        } catch (ClientException e) {
            r.release();
            fail(x, e);
            return;
        }
        if (Redirect.follow(this, x, r)) {
            return;
        }
        ResponseListener l = x.listener;
        boolean detached = x.detached;
        call(l, r, null);
        if (!detached) {
            r.release();
        }
        recycle(x);
    }

    /** Fails {@code x} with {@code t} (its listener, if still waiting, is called) and recycles it. Event loop only. */
    public void fail(Exchange x, Throwable t) {
        ResponseListener l = x.listener;
        if (l != null) {
            call(l, null, t);
        }
        recycle(x);
    }

    /** Returns {@code x} to the free list; nothing may touch it afterwards. */
    public void recycle(Exchange x) {
        x.clear();
        free.relaxedOffer(x);
    }

    private static void call(ResponseListener l, DecodedResponse r, Throwable t) {
        try {
            l.complete(r, t);
        } catch (Throwable e) {
            LOG.warn("ResponseListener threw; the exception is ignored", e);
        }
    }

    private void startTicking() {
        if (ticker == null && closed == null) {
            long min = Math.min(timeoutNanos, idleNanos) / 10;
            long period = Math.max(TimeUnit.MILLISECONDS.toNanos(1), Math.min(min, TimeUnit.MILLISECONDS.toNanos(100)));
            ticker = loop.scheduleAtFixedRate(this::tick, period, period, TimeUnit.NANOSECONDS);
        }
    }

    private void tick() {
        long now = System.nanoTime();
        // A copy: failing a request runs its listener, which may add a pool.
        for (LoopPool p : new ArrayList<>(pools.values())) {
            p.tick(now, idleNanos);
        }
        flushDirty();
    }

    /**
     * Closes every connection and fails what is waiting; later submissions fail with {@code reason}.
     *
     * @return the connections' closes, which TLS completes only once its close_notify is written
     */
    public List<io.netty.channel.ChannelFuture> shutdown(RuntimeException reason) {
        List<io.netty.channel.ChannelFuture> closes = new ArrayList<>();
        closed = reason;
        if (ticker != null) {
            ticker.cancel(false);
        }
        inbox.drain(accept);
        for (LoopPool p : new ArrayList<>(pools.values())) {
            p.shutdown(reason, closes);
        }
        for (io.netty.channel.Channel ws : new ArrayList<>(webSockets)) {
            closes.add(ws.close());
        }
        return closes;
    }

    /**
     * Tracks a connected WebSocket channel until it closes, so {@link #shutdown} closes it (firing its
     * handlers' cleanup) before the loop stops; a client that closes while the channel is already closing
     * closes it at once. Event loop only.
     */
    public void track(io.netty.channel.Channel webSocket) {
        if (closed != null) {
            webSocket.close();
            return;
        }
        webSockets.add(webSocket);
        webSocket.closeFuture().addListener(f -> webSockets.remove(webSocket));
    }
}
