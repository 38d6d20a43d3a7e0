package dev.pronto.client.http.internal.dispatch;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.internal.ClientRuntime;
import dev.pronto.client.http.internal.ConnectAttempt;
import dev.pronto.client.http.internal.Exchange;
import dev.pronto.client.http.internal.FutureListener;
import dev.pronto.client.http.internal.LoopContext;
import dev.pronto.client.http.internal.WireSettings;
import dev.pronto.client.http.internal.http1.PooledConnection;
import dev.pronto.client.http.internal.http2.H2ConnectionBuilder;
import dev.pronto.client.http.internal.websocket.WsConnect;
import dev.pronto.core.Protocol;
import dev.pronto.wire.IoTransport;
import dev.pronto.wire.Transports;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

/**
 * Entry point of the implementation behind {@code HttpClient}: picks the caller's loop (or one
 * per calling thread) and hands requests to its {@link LoopContext}. Internal: not API.
 */
public final class Dispatcher {
    private final LoopContext[] loops;
    private final EventLoopGroup owned;
    private volatile boolean closed;

    private Dispatcher(ClientConfig config, EventLoopGroup group, EventLoopGroup owned) {
        this.owned = owned;
        List<EventLoop> list = new ArrayList<>();
        for (EventExecutor e : group) {
            list.add((EventLoop) e);
        }
        ClientRuntime runtime = new ClientRuntime(config, ClientRuntime.channelClass(group), list.size(),
                Dispatcher::connection);
        this.loops = list.stream().map(l -> new LoopContext(l, runtime)).toArray(LoopContext[]::new);
    }

    /** A dispatcher on {@code shared} loops (not shut down by {@link #close()}). */
    public static Dispatcher shared(ClientConfig config, EventLoopGroup shared) {
        return new Dispatcher(config, shared, null);
    }

    /** A dispatcher on {@code config.ioThreads()} loops of its own. */
    public static Dispatcher owning(ClientConfig config) {
        IoTransport t = Transports.resolve(WireSettings.transport(config.transport()));
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(config.ioThreads(),
                new DefaultThreadFactory("pronto-client", true), Transports.ioHandlerFactory(t));
        return new Dispatcher(config, group, group);
    }

    /** Sends on the pooled path. */
    public void send(ClientRequest request, ResponseListener listener) {
        LoopContext c = pick();
        Exchange x = c.acquire(request, listener);
        submit(c, x);
    }

    /** Sends with a detached response delivered to a future. */
    public CompletableFuture<ClientResponse> send(ClientRequest request) {
        return stream(request, null);
    }

    /** Sends; with a non-null {@code body} subscriber the body is streamed to it after the head. */
    public CompletableFuture<ClientResponse> stream(ClientRequest request, Flow.Subscriber<? super ByteBuf> body) {
        FutureListener f = new FutureListener();
        LoopContext c = pick();
        Exchange x = c.acquire(request, f);
        x.detach(body);
        submit(c, x);
        return f;
    }

    /** Whether the calling thread is one of the client's loops. */
    public boolean onLoop() {
        for (LoopContext c : loops) {
            if (c.eventLoop().inEventLoop()) {
                return true;
            }
        }
        return false;
    }

    /** Closes connections, fails pending requests and shuts owned loops down; waits up to 5 s. */
    public void close() {
        closed = true;
        ClientException reason = new ClientException("client is closed");
        List<Future<List<io.netty.channel.ChannelFuture>>> done = new ArrayList<>();
        for (LoopContext c : loops) {
            if (!c.eventLoop().isShuttingDown()) {
                done.add(c.eventLoop().submit(() -> c.shutdown(reason)));
            }
        }
        if (!onLoop()) {
            for (Future<List<io.netty.channel.ChannelFuture>> f : done) {
                // let the closes finish (TLS writes close_notify first) before the loops go away under them
                if (f.awaitUninterruptibly(5, TimeUnit.SECONDS) && f.isSuccess()) {
                    f.getNow().forEach(close -> close.awaitUninterruptibly(1, TimeUnit.SECONDS));
                }
            }
        }
        if (owned != null) {
            owned.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
    }

    private void submit(LoopContext c, Exchange x) {
        if (closed) {
            c.fail(x, new ClientException("client is closed"));
            return;
        }
        c.submit(x);
    }

    /** Opens a WebSocket to a ws:// or wss:// {@code uri} on one of the client's loops. */
    public CompletableFuture<dev.pronto.core.WebSocket> webSocket(java.net.URI uri, dev.pronto.core.WebSocketOptions options,
                                                                  dev.pronto.core.WebSocketHandler handler) {
        return WsConnect.open(pick(), uri, options, handler);
    }

    /** The one place the pooled protocols are named: the core opens connections through this. */
    private static ChannelHandler connection(Protocol protocol, ConnectAttempt attempt) {
        return protocol == Protocol.HTTP_2 ? H2ConnectionBuilder.create(attempt) : new PooledConnection(attempt);
    }

    private LoopContext pick() {
        for (LoopContext c : loops) {
            if (c.eventLoop().inEventLoop()) {
                return c;
            }
        }
        return loops[(int) (Thread.currentThread().threadId() % loops.length)];
    }
}
