package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.Decompression;
import dev.pronto.client.http.PendingLimitException;
import dev.pronto.client.http.RequestTimeoutException;
import dev.pronto.core.Protocol;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The connections to one origin on one event loop, with the requests waiting for them. Confined
 * to the loop, so nothing here is synchronised.
 */
public final class LoopPool {
    private final LoopContext loop;
    private final Origin origin;
    private final ClientConfig config;
    private final int maxConnections;
    private final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
    private final ArrayList<ClientConnection> connections = new ArrayList<>();
    private int connecting;
    /** The protocol of the last connection opened; null while an https origin's first handshake runs. */
    private Protocol protocol;

    LoopPool(LoopContext loop, Origin origin, int maxConnections) {
        this.loop = loop;
        this.origin = origin;
        this.config = loop.runtime().config();
        this.maxConnections = maxConnections;
        this.protocol = !origin.https() ? config.cleartext() : loop.runtime().mayNegotiateHttp2() ? null
                : Protocol.HTTP_1_1;
    }

    /** The loop this pool is confined to. */
    public LoopContext loop() {
        return loop;
    }

    /** The origin every connection of this pool goes to. */
    public Origin origin() {
        return origin;
    }

    /** The client's configuration. */
    public ClientConfig config() {
        return config;
    }

    /** How many requests an HTTP/1.1 connection may have in flight (pipelining). */
    public int depth() {
        return config.pipelineDepth();
    }

    /** Whether the connection adds {@code Accept-Encoding: gzip, deflate} to {@code request}. */
    public boolean addAcceptEncoding(ClientRequest request) {
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
     * Writes waiting requests to connections with room. HTTP/1.1: an idle connection is used first;
     * while under the cap a new connection is preferred to pipelining, so a slow or dependent request
     * does not block others behind it; pipelining fills connections once the cap is reached. HTTP/2
     * (or not known yet): one connection at a time takes every request its stream limit allows.
     */
    public void dispatch() {
        while (!waiting.isEmpty()) {
            Exchange x = waiting.peek();
            ClientConnection c = choose(x);
            boolean canGrow = connections.size() + connecting < maxConnections;
            if (c != null && (c.load() == 0 || c.protocol() == Protocol.HTTP_2 || !canGrow)) {
                waiting.poll();
                c.write(x);
            } else if (canGrow && wantsConnection(x)) {
                connect();
            } else {
                return;
            }
        }
    }

    private boolean wantsConnection(Exchange x) {
        if (protocol == Protocol.HTTP_1_1) {
            return waiting.size() > connecting * (x.pipelinable() ? depth() : 1);
        }
        return connecting == 0 && !anyLive();
    }

    /** Whether a connection still takes new requests (is not closing, nor draining after GOAWAY). */
    private boolean anyLive() {
        for (int i = 0; i < connections.size(); i++) {
            if (!connections.get(i).draining()) {
                return true;
            }
        }
        return false;
    }

    private ClientConnection choose(Exchange x) {
        ClientConnection best = null;
        for (int i = 0; i < connections.size(); i++) {
            ClientConnection c = connections.get(i);
            if (c.canTake(x) && (best == null || c.load() < best.load())) {
                best = c;
            }
        }
        return best;
    }

    private void connect() {
        connecting++;
        ConnectAttempt attempt = new ConnectAttempt(this);
        Bootstrap b = new Bootstrap().group(loop.eventLoop()).channel(loop.runtime().channelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                        config.connectTimeout().toMillis()))
                .handler(attempt);
        b.connect(origin.host(), origin.port()).addListener(attempt);
    }

    /** A connection can take requests (see {@link ConnectAttempt}). */
    void opened(ClientConnection c) {
        connecting--;
        if (loop.isShutdown()) {
            c.closeNow();
            return;
        }
        protocol = c.protocol();
        connections.add(c);
        dispatch();
        loop.flushDirty();
    }

    /** A connection could not be opened: waiting requests fail unless another connection can take them. */
    void openFailed(ConnectFailedException e) {
        connecting--;
        if (connecting == 0 && !anyLive()) {
            for (Exchange x; (x = waiting.poll()) != null; ) {
                loop.fail(x, e);
            }
        }
        dispatch();
        loop.flushDirty();
    }

    /** A connection closed: retries its unanswered idempotent requests first, in order, and fails the rest. */
    public void onClosed(ClientConnection conn, ArrayDeque<Exchange> unanswered, Throwable cause) {
        connections.remove(conn);
        for (Exchange x; (x = unanswered.pollLast()) != null; ) {
            retryOrFail(x, cause);
        }
        dispatch();
        loop.flushDirty();
    }

    /**
     * Puts {@code x}, unanswered on a connection that closed or went away, first in line when it may
     * be retried, else fails it; a request whose streamed response had begun is already settled.
     */
    public void retryOrFail(Exchange x, Throwable cause) {
        if (x.listener == null) {
            loop.recycle(x);
        } else if (!retry(x)) {
            loop.fail(x, closed(x, cause));
        }
    }

    /** Puts {@code x} first in line if it is idempotent, not streamed and has attempts left, and the client is open. */
    public boolean retry(Exchange x) {
        if (x.pipelinable() && x.attempts < config.maxAttempts() && !loop.isShutdown()) {
            waiting.addFirst(x);
            return true;
        }
        return false;
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
        return new RequestTimeoutException("no response to " + x.request + " within " + limit(x) + " (never sent: "
                + connections.size() + " connections open on this loop, maxConnectionsPerHost="
                + config.maxConnectionsPerHost() + "); raise ClientConfig.requestTimeout or maxConnectionsPerHost");
    }

    /** The failure of a request sent but not answered in time. */
    public RequestTimeoutException timeoutInFlight(Exchange x) {
        return new RequestTimeoutException("no response to " + x.request + " within " + limit(x)
                + "; raise ClientConfig.requestTimeout or ClientRequest.Builder.timeout");
    }

    private String limit(Exchange x) {
        return x.request.timeout() != null ? "timeout=" + x.request.timeout()
                : "requestTimeout=" + config.requestTimeout();
    }

    /** Closes every connection and fails waiting requests (client shutdown); adds each close to {@code closes}. */
    void shutdown(RuntimeException reason, List<ChannelFuture> closes) {
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
