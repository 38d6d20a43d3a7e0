package dev.pronto.client.http.internal;

import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.core.Protocol;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;

/**
 * One connection being opened for a {@link LoopPool}, until it can take requests: at TCP connect
 * for cleartext HTTP/1.1, after the TLS handshake (and ALPN) for https, after the server's first
 * SETTINGS for HTTP/2. Reports to the pool exactly once, opened or failed: a failed TCP connect or TLS
 * handshake itself, the rest through the handler {@link ConnectionProtocols} gives for the protocol.
 */
public final class ConnectAttempt extends ChannelInitializer<Channel> implements ChannelFutureListener {
    private final LoopPool pool;
    private boolean settled;

    ConnectAttempt(LoopPool pool) {
        this.pool = pool;
    }

    /** The pool the connection is for. */
    public LoopPool pool() {
        return pool;
    }

    @Override
    protected void initChannel(Channel ch) {
        ClientRuntime runtime = pool.loop().runtime();
        if (pool.origin().https()) {
            ch.pipeline().addLast(runtime.sslHandler(ch.alloc(), pool.origin()), new TlsNegotiation(this));
        } else {
            ch.pipeline().addLast(runtime.protocols().connection(runtime.config().cleartext(), this));
        }
    }

    /** The TCP connect finished: a failure settles the attempt; on success the protocol's handler reports. */
    @Override
    public void operationComplete(ChannelFuture f) {
        if (!f.isSuccess()) {
            failed(new ConnectFailedException("cannot connect to " + pool.origin() + " (connectTimeout="
                    + pool.config().connectTimeout() + "): " + f.cause().getMessage(), f.cause()));
        }
    }

    /** The handler for the protocol ALPN chose: HTTP/2 for {@code h2}, else HTTP/1.1. */
    io.netty.channel.ChannelHandler negotiated(String alpnId) {
        Protocol p = Protocol.HTTP_2.alpnId().equals(alpnId) ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
        return pool.loop().runtime().protocols().connection(p, this);
    }

    /** The connection can take requests; the first report wins. Event loop only. */
    public void opened(ClientConnection c) {
        if (!settled) {
            settled = true;
            pool.opened(c);
        }
    }

    /** The connection could not be opened; the first report wins. Event loop only. */
    public void failed(ConnectFailedException e) {
        if (!settled) {
            settled = true;
            pool.openFailed(e);
        }
    }
}
