package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.PendingLimitException;
import dev.pronto.client.http.RequestTimeoutException;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The HTTP/3 connection of one event loop to one origin: a QUIC connection on a datagram channel of its
 * own, opened on the first call and again whenever calls wait and it is gone (closed, idle, or told to go
 * away). Calls wait here, within {@code maxPending}, until the server's stream limit lets them open a
 * request stream. Event loop only.
 */
final class H3Link {
    private final H3Setup setup;
    private final EventLoop loop;
    private final String host;
    private final int port;
    private final ArrayDeque<H3Call> pending = new ArrayDeque<>();
    /** Every QUIC connection still open: the current one, and those draining after a GOAWAY. */
    private final List<QuicChannel> open = new ArrayList<>(2);
    /** Every datagram channel not closed yet, connecting ones included: closed with the client, before its loops stop. */
    private final List<Channel> sockets = new ArrayList<>(2);
    private QuicChannel quic;
    private boolean connecting;
    private boolean closing;
    /** Opening a stream failed although the limit seemed to allow it: wait for a stream to end or the limit to grow. */
    private boolean blocked;
    private final H3Deadlines deadlines;

    H3Link(H3Setup setup, EventLoop loop, String host, int port) {
        this.setup = setup;
        this.loop = loop;
        this.host = host;
        this.port = port;
        this.deadlines = new H3Deadlines(loop, setup.config().requestTimeout().toNanos(), this::timedOut);
    }

    ClientConfig config() {
        return setup.config();
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    EventLoop loop() {
        return loop;
    }

    String origin() {
        return "https://" + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port + " (HTTP/3)";
    }

    boolean closing() {
        return closing;
    }

    void submit(H3Call call) {
        if (closing) {
            call.fail(new ClientException("client is closed"));
            return;
        }
        if (pending.size() >= config().maxPending()) {
            call.fail(new PendingLimitException(pending.size() + " requests already wait for a stream to " + origin()
                    + " (maxPending=" + config().maxPending() + ")"));
            return;
        }
        long timeout = call.request.timeout() != null ? call.request.timeout().toNanos() : config().requestTimeout().toNanos();
        call.deadline = System.nanoTime() + timeout;
        deadlines.track(call);
        pending.add(call);
        drain();
    }

    /** Sends {@code call} again, first in line: its connection was lost or its stream refused before an answer. */
    void retry(H3Call call) {
        pending.addFirst(call);
        loop.execute(this::drain); // after the failing stream's events, so a closing connection is seen as closed
    }

    private void timedOut(H3Call call) {
        if (call.exchange != null) {
            call.exchange.timedOut();
        } else if (pending.remove(call)) {
            call.fail(new RequestTimeoutException("no stream to " + origin() + " for " + call.request + " within its timeout"));
        }
    }

    /** Opens streams for waiting calls while the server allows more, connecting first when needed. */
    void drain() {
        if (closing || pending.isEmpty()) {
            return;
        }
        if (quic == null || !quic.isActive()) {
            if (!connecting) {
                connect();
            }
            return;
        }
        while (!blocked && !pending.isEmpty() && quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) > 0) {
            H3Call call = pending.poll();
            call.attempts++;
            H3Exchange x = new H3Exchange(this, call);
            call.exchange = x;
            Http3.newRequestStream(quic, x).addListener((Future<QuicStreamChannel> f) -> opened(x, call, f));
        }
    }

    private void opened(H3Exchange x, H3Call call, Future<QuicStreamChannel> f) {
        if (f.isSuccess()) {
            x.start(f.getNow());
        } else if (call.exchange == x) {
            call.exchange = null;
            call.attempts--;
            pending.addFirst(call); // the limit was reached after all: wait for the server to raise it
            blocked = true;
        }
    }

    /** A stream settled, or the server raised its stream limit: a waiting call may get a stream now. */
    void exchangeDone() {
        blocked = false;
        if (!pending.isEmpty()) {
            drain();
        }
    }

    private void connect() {
        connecting = true;
        InetSocketAddress remote = new InetSocketAddress(host, port);
        if (remote.isUnresolved()) {
            connectFailed(new java.net.UnknownHostException(host));
            return;
        }
        new Bootstrap().group(loop).channel(setup.datagramClass()).handler(setup.codec(host, port))
                .bind(0).addListener((ChannelFuture f) -> {
                    if (f.isSuccess()) {
                        sockets.add(f.channel());
                        f.channel().closeFuture().addListener(c -> sockets.remove(f.channel()));
                        handshake(f.channel(), remote);
                    } else {
                        connectFailed(f.cause());
                    }
                });
    }

    private void handshake(Channel udp, InetSocketAddress remote) {
        QuicChannel.newBootstrap(udp).handler(new H3LinkHandler(this))
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, config().connectTimeout().toMillis()))
                .remoteAddress(remote).connect().addListener((Future<QuicChannel> f) -> {
                    if (f.isSuccess()) {
                        connected(f.getNow());
                    } else {
                        udp.close();
                        connectFailed(f.cause());
                    }
                });
    }

    private void connected(QuicChannel q) {
        connecting = false;
        if (closing) {
            q.close();
            q.parent().close();
            return;
        }
        quic = q;
        blocked = false;
        open.add(q);
        q.closeFuture().addListener(f -> closed(q));
        drain();
    }

    private void connectFailed(Throwable cause) {
        connecting = false;
        ConnectFailedException e = new ConnectFailedException("cannot open an HTTP/3 connection to " + origin() + ": " + cause, cause);
        H3Call call;
        while ((call = pending.poll()) != null) {
            call.fail(e);
        }
    }

    private void closed(QuicChannel q) {
        open.remove(q);
        q.parent().close();
        if (quic == q) {
            quic = null;
        }
        drain();
    }

    /** The server sent GOAWAY on {@code q}: its streams finish there, new ones go to a new connection. */
    void goingAway(QuicChannel q) {
        if (quic == q) {
            quic = null;
            drain();
        }
    }

    /**
     * Fails waiting calls with {@code reason} and closes the connections (their streams fail as they close),
     * adding each connection's close to {@code closes}.
     */
    void shutdown(ClientException reason, List<Future<?>> closes) {
        closing = true;
        H3Call call;
        while ((call = pending.poll()) != null) {
            call.fail(reason);
        }
        for (QuicChannel q : List.copyOf(open)) {
            closes.add(q.close());
        }
        for (Channel udp : List.copyOf(sockets)) {
            closes.add(udp.close());
        }
        deadlines.stop();
    }
}
