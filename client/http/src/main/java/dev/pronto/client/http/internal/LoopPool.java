package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.Decompression;
import dev.pronto.client.http.PendingLimitException;
import dev.pronto.client.http.RequestTimeoutException;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The connections to one origin on one event loop, with the requests waiting for them. Confined
 * to the loop, so nothing here is synchronised.
 */
final class LoopPool {
    private final LoopContext loop;
    private final Origin origin;
    private final ClientConfig config;
    private final int maxConnections;
    private final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
    private final ArrayList<PooledConnection> connections = new ArrayList<>();
    private int connecting;

    LoopPool(LoopContext loop, Origin origin, int maxConnections) {
        this.loop = loop;
        this.origin = origin;
        this.config = loop.runtime().config();
        this.maxConnections = maxConnections;
    }

    LoopContext loop() {
        return loop;
    }

    Origin origin() {
        return origin;
    }

    ClientConfig config() {
        return config;
    }

    int depth() {
        return config.pipelineDepth();
    }

    boolean addAcceptEncoding(ClientRequest request) {
        return config.decompression() == Decompression.GZIP_DEFLATE && request.header("accept-encoding") == null;
    }

    void enqueue(Exchange x) {
        if (waiting.size() >= config.maxPending()) {
            loop.fail(x, new PendingLimitException("pending request queue full (maxPending=" + config.maxPending()
                    + ") for " + origin + "; raise ClientConfig.maxPending, maxConnectionsPerHost or pipelineDepth"));
            return;
        }
        waiting.add(x);
        dispatch();
    }

    /**
     * Writes waiting requests to connections with room. An idle connection is used first; while
     * under the cap a new connection is preferred to pipelining, so a slow or dependent request
     * does not block others behind it. Pipelining fills connections once the cap is reached.
     */
    void dispatch() {
        while (!waiting.isEmpty()) {
            Exchange x = waiting.peek();
            PooledConnection c = choose(x);
            boolean canGrow = connections.size() + connecting < maxConnections;
            if (c != null && (c.load() == 0 || !canGrow)) {
                waiting.poll();
                c.write(x);
            } else if (canGrow && waiting.size() > connecting * (x.pipelinable() ? depth() : 1)) {
                connect();
            } else {
                return;
            }
        }
    }

    private PooledConnection choose(Exchange x) {
        PooledConnection best = null;
        for (int i = 0; i < connections.size(); i++) {
            PooledConnection c = connections.get(i);
            if (c.canTake(x) && (best == null || c.load() < best.load())) {
                best = c;
            }
        }
        return best;
    }

    private void connect() {
        connecting++;
        PooledConnection conn = new PooledConnection(this);
        Bootstrap b = new Bootstrap().group(loop.eventLoop()).channel(loop.runtime().channelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                        config.connectTimeout().toMillis()))
                .handler(origin.scheme().equals("https") ? tls(conn) : conn);
        b.connect(origin.host(), origin.port()).addListener((ChannelFuture f) -> connected(conn, f));
    }

    private ChannelInitializer<Channel> tls(PooledConnection conn) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(loop.runtime().sslHandler(ch.alloc(), origin), conn);
            }
        };
    }

    private void connected(PooledConnection conn, ChannelFuture f) {
        connecting--;
        if (f.isSuccess()) {
            conn.activate();
            connections.add(conn);
        } else if (connections.isEmpty() && connecting == 0) {
            ConnectFailedException e = new ConnectFailedException("cannot connect to " + origin + " (connectTimeout="
                    + config.connectTimeout() + "): " + f.cause().getMessage(), f.cause());
            for (Exchange x; (x = waiting.poll()) != null; ) {
                loop.fail(x, e);
            }
        }
        dispatch();
        loop.flushDirty();
    }

    /** A connection closed: retries its unanswered idempotent requests first, in order, and fails the rest. */
    void onClosed(PooledConnection conn, Throwable cause) {
        connections.remove(conn);
        for (Exchange x; (x = conn.inflight.pollLast()) != null; ) {
            if (x.listener == null) {
                loop.recycle(x);
            } else if (x.pipelinable() && x.attempts < config.maxAttempts()) {
                waiting.addFirst(x);
            } else {
                loop.fail(x, closed(x, cause));
            }
        }
        dispatch();
        loop.flushDirty();
    }

    private ConnectionClosedException closed(Exchange x, Throwable cause) {
        String why = !x.request.idempotent() ? x.request.method() + " is not idempotent and is not retried "
                + "(ClientRequest.Builder.idempotent() allows it)"
                : x.request.bodyStream() != null || x.bodySubscriber != null ? "streamed requests are not retried"
                : "gave up after " + x.attempts + " attempts (maxAttempts=" + config.maxAttempts() + ")";
        String detail = cause == null ? "" : " (" + cause + ")";
        return new ConnectionClosedException("connection to " + origin + " closed before the response to "
                + x.request + " arrived" + detail + "; " + why, cause);
    }

    /** Fails waiting requests past their deadline and lets each connection check its own. */
    void tick(long now, long idleNanos) {
        while (!waiting.isEmpty() && waiting.peek().deadline - now <= 0) {
            Exchange x = waiting.poll();
            loop.fail(x, timeoutOf(x));
        }
        for (int i = connections.size() - 1; i >= 0; i--) {
            connections.get(i).tick(now, idleNanos);
        }
    }

    private RequestTimeoutException timeoutOf(Exchange x) {
        Object limit = x.request.timeout() != null ? "timeout=" + x.request.timeout()
                : "requestTimeout=" + config.requestTimeout();
        return new RequestTimeoutException("no response to " + x.request + " within " + limit + " (never sent: "
                + connections.size() + " connections open on this loop, maxConnectionsPerHost="
                + config.maxConnectionsPerHost() + "); raise ClientConfig.requestTimeout or maxConnectionsPerHost");
    }

    /** Closes every connection and fails waiting requests (client shutdown); adds each close to {@code closes}. */
    void shutdown(RuntimeException reason, List<io.netty.channel.ChannelFuture> closes) {
        for (Exchange x; (x = waiting.poll()) != null; ) {
            loop.fail(x, reason);
        }
        for (int i = connections.size() - 1; i >= 0; i--) {
            closes.add(connections.get(i).closeNow());
        }
    }

    boolean idle() {
        return waiting.isEmpty() && connections.isEmpty() && connecting == 0;
    }
}
