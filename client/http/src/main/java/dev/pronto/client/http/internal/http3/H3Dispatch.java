package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.internal.FutureListener;
import dev.pronto.client.http.internal.WireSettings;
import dev.pronto.wire.Transports;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Entry point of the implementation behind {@code Http3Client}: per event loop, one {@link H3Link} per
 * origin; a call made on one of the loops stays there, others are spread by thread. Internal: not API.
 */
public final class H3Dispatch {
    private final H3Setup setup;
    private final EventLoop[] loops;
    /** Per loop, its links by "host:port"; each map is touched only on its loop. */
    private final List<Map<String, H3Link>> links = new ArrayList<>();
    /** Per loop, the link it used last; each slot is touched only on its loop. */
    private final H3Link[] lastLinks;
    private final EventLoopGroup owned;
    private volatile boolean closed;

    private H3Dispatch(ClientConfig config, EventLoopGroup group, EventLoopGroup owned) {
        this.setup = new H3Setup(config, group);
        this.owned = owned;
        List<EventLoop> list = new ArrayList<>();
        for (EventExecutor e : group) {
            list.add((EventLoop) e);
            links.add(new HashMap<>());
        }
        this.loops = list.toArray(EventLoop[]::new);
        this.lastLinks = new H3Link[loops.length];
    }

    /** A dispatcher on {@code shared} loops (not shut down by {@link #close()}). */
    public static H3Dispatch shared(ClientConfig config, EventLoopGroup shared) {
        return new H3Dispatch(config, shared, null);
    }

    /** A dispatcher on {@code config.ioThreads()} loops of its own. */
    public static H3Dispatch owning(ClientConfig config) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(config.ioThreads(), new DefaultThreadFactory("pronto-h3", true),
                Transports.ioHandlerFactory(Transports.resolve(WireSettings.transport(config.transport()))));
        try {
            return new H3Dispatch(config, group, group);
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Sends on the pooled path. */
    public void send(ClientRequest request, ResponseListener listener) {
        submit(new H3Call(request, listener, H3Call.Delivery.POOLED, null));
    }

    /** Sends with a detached response delivered to a future. */
    public CompletableFuture<ClientResponse> send(ClientRequest request) {
        FutureListener f = new FutureListener();
        submit(new H3Call(request, f, H3Call.Delivery.DETACHED, null));
        return f;
    }

    /** Sends with the body streamed to {@code body}; the future completes with the head. */
    public CompletableFuture<ClientResponse> stream(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        FutureListener f = new FutureListener();
        submit(new H3Call(request, f, H3Call.Delivery.DETACHED, body));
        return f;
    }

    private void submit(H3Call call) {
        if (!call.request.https()) {
            throw new IllegalArgumentException("HTTP/3 runs over TLS only: " + call.request + " is not an https URI");
        }
        if (closed) {
            call.fail(new ClientException("client is closed"));
            return;
        }
        int i = pick();
        EventLoop loop = loops[i];
        if (loop.inEventLoop()) {
            link(i, call.request).submit(call);
        } else {
            try {
                loop.execute(() -> link(i, call.request).submit(call));
            } catch (RejectedExecutionException e) {
                call.fail(new ClientException("client is closed", e));
            }
        }
    }

    private H3Link link(int loop, ClientRequest r) {
        H3Link last = lastLinks[loop];
        if (last != null && last.port() == r.port() && last.host().equals(r.host())) {
            return last; // most clients call one origin: no key built per request
        }
        H3Link l = links.get(loop).computeIfAbsent(r.host() + ":" + r.port(),
                k -> new H3Link(setup, loops[loop], r.host(), r.port()));
        lastLinks[loop] = l;
        return l;
    }

    private int pick() {
        for (int i = 0; i < loops.length; i++) {
            if (loops[i].inEventLoop()) {
                return i;
            }
        }
        return (int) (Thread.currentThread().threadId() % loops.length);
    }

    /** Whether the calling thread is one of the client's loops. */
    public boolean onLoop() {
        for (EventLoop l : loops) {
            if (l.inEventLoop()) {
                return true;
            }
        }
        return false;
    }

    /** Closes the connections, fails what is pending and shuts owned loops down; waits up to 5 s. */
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        ClientException reason = new ClientException("client is closed");
        List<Future<?>> done = new ArrayList<>();
        List<Future<?>> closes = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < loops.length; i++) {
            Map<String, H3Link> map = links.get(i);
            if (!loops[i].isShuttingDown()) {
                try {
                    done.add(loops[i].submit(() -> map.values().forEach(l -> l.shutdown(reason, closes))));
                } catch (RejectedExecutionException shutDownMeanwhile) {
                    // the loop is going away with its channels
                }
            }
        }
        if (!onLoop()) {
            done.forEach(f -> f.awaitUninterruptibly(5, TimeUnit.SECONDS));
            List.copyOf(closes).forEach(f -> f.awaitUninterruptibly(5, TimeUnit.SECONDS));
        }
        if (owned != null) {
            // a short quiet period: a datagram channel's close completes in later loop turns (io_uring cancels its
            // reads), and a loop stopping before then would drop its QUIC codec's buffers unreleased
            owned.shutdownGracefully(50, 5000, TimeUnit.MILLISECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
    }
}
