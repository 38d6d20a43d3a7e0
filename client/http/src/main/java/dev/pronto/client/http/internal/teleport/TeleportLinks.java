package dev.pronto.client.http.internal.teleport;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.TeleportConfig;
import dev.pronto.client.http.internal.ClientRuntime;
import dev.pronto.client.http.internal.FutureListener;
import dev.pronto.client.http.internal.WireSettings;
import dev.pronto.wire.Transports;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Entry point of the implementation behind {@code TeleportClient}: its links (one per connection,
 * spread over the loops), the caller's own loop's link preferred so a handler's call needs no
 * thread hop. Internal: not API.
 */
public final class TeleportLinks {
    private final TeleportConfig config;
    private final TeleportLink[] links;
    private final EventLoopGroup owned;
    private volatile boolean closed;
    private int next;

    private TeleportLinks(TeleportConfig config, EventLoopGroup group, EventLoopGroup owned) {
        this.config = config;
        this.owned = owned;
        List<EventLoop> loops = new ArrayList<>();
        for (EventExecutor e : group) {
            loops.add((EventLoop) e);
        }
        var channelClass = ClientRuntime.channelClass(group);
        var ssl = config.tls() == null ? null : ClientRuntime.teleportContext(config.tls());
        this.links = new TeleportLink[config.connections()];
        for (int i = 0; i < links.length; i++) {
            links[i] = new TeleportLink(config, loops.get(i % loops.size()), channelClass, ssl);
        }
    }

    /** Links on {@code shared} loops (not shut down by {@link #close()}). */
    public static TeleportLinks shared(TeleportConfig config, EventLoopGroup shared) {
        return new TeleportLinks(config, shared, null);
    }

    /** Links on {@code config.ioThreads()} loops of their own. */
    public static TeleportLinks owning(TeleportConfig config) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(config.ioThreads(),
                new DefaultThreadFactory("pronto-teleport", true),
                Transports.ioHandlerFactory(Transports.resolve(WireSettings.transport(config.transport()))));
        return new TeleportLinks(config, group, group);
    }

    /** Sends on the pooled path ({@code listener} null: fire-and-forget). */
    public void send(ClientRequest request, ResponseListener listener) {
        submit(request, listener, false);
    }

    /** Sends with a detached response delivered to a future. */
    public CompletableFuture<ClientResponse> send(ClientRequest request) {
        FutureListener f = new FutureListener();
        submit(request, f, true);
        return f;
    }

    private void submit(ClientRequest request, ResponseListener listener, boolean detached) {
        if (request.bodyStream() != null) {
            throw new IllegalArgumentException("teleport requests carry whole bodies: " + request + " has a body stream");
        }
        long timeout = request.timeout() != null ? request.timeout().toNanos() : config.requestTimeout().toNanos();
        TeleportCall call = new TeleportCall(request, listener, System.nanoTime() + timeout, detached);
        if (closed) {
            if (listener != null) {
                listener.complete(null, new ClientException("client is closed"));
            }
            return;
        }
        pick().submit(call);
    }

    /** Whether the calling thread is one of the links' loops. */
    public boolean onLoop() {
        for (TeleportLink l : links) {
            if (l.loop().inEventLoop()) {
                return true;
            }
        }
        return false;
    }

    private TeleportLink pick() {
        for (TeleportLink l : links) {
            if (l.loop().inEventLoop()) {
                return l;
            }
        }
        // not on a link's loop: spread callers over the links (a benign race on the counter)
        int i = next++;
        return links[Math.floorMod(i, links.length)];
    }

    /**
     * Closes the connections, fails pending calls and shuts owned loops down; waits up to 5 s. A
     * link whose loop is already going away (shared loops stopped first) is freed once that loop
     * has terminated: such a loop may drop its channels without telling their handlers.
     */
    public void close() {
        closed = true;
        ClientException reason = new ClientException("client is closed");
        List<Future<?>> done = new ArrayList<>();
        for (TeleportLink l : links) {
            done.add(shutdown(l, reason));
        }
        if (!onLoop()) {
            done.forEach(f -> f.awaitUninterruptibly(5, TimeUnit.SECONDS));
        }
        if (owned != null) {
            owned.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
    }

    private static Future<?> shutdown(TeleportLink l, ClientException reason) {
        EventLoop loop = l.loop();
        if (!loop.isShuttingDown()) {
            try {
                return loop.submit(() -> l.shutdown(reason));
            } catch (RejectedExecutionException shutDownMeanwhile) {
                // falls through: freed once the loop has terminated
            }
        }
        Promise<Void> freed = GlobalEventExecutor.INSTANCE.newPromise();
        loop.terminationFuture().addListener(f -> {
            // the loop is gone: no other thread touches the link any more
            l.abandon(reason);
            freed.setSuccess(null);
        });
        return freed;
    }
}
