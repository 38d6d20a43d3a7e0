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
 * SETTINGS for HTTP/2. Reports to the pool exactly once, opened or failed.
 */
final class ConnectAttempt extends ChannelInitializer<Channel> implements ChannelFutureListener {
    private final LoopPool pool;
    private PooledConnection plain;
    private boolean settled;

    ConnectAttempt(LoopPool pool) {
        this.pool = pool;
    }

    LoopPool pool() {
        return pool;
    }

    @Override
    protected void initChannel(Channel ch) {
        ClientRuntime runtime = pool.loop().runtime();
        if (pool.origin().https()) {
            ch.pipeline().addLast(runtime.sslHandler(ch.alloc(), pool.origin()), new TlsNegotiation(this));
        } else if (runtime.config().cleartext() == Protocol.HTTP_2) {
            ch.pipeline().addLast(H2ConnectionBuilder.create(this));
        } else {
            plain = new PooledConnection(pool);
            ch.pipeline().addLast(plain);
        }
    }

    /** The TCP connect finished. */
    @Override
    public void operationComplete(ChannelFuture f) {
        if (!f.isSuccess()) {
            failed(new ConnectFailedException("cannot connect to " + pool.origin() + " (connectTimeout="
                    + pool.config().connectTimeout() + "): " + f.cause().getMessage(), f.cause()));
        } else if (plain != null) {
            plain.activate();
            opened(plain);
        }
    }

    /** The handler for the protocol ALPN chose: HTTP/2 for {@code h2}, else HTTP/1.1. */
    io.netty.channel.ChannelHandler negotiated(String alpnId) {
        return Protocol.HTTP_2.alpnId().equals(alpnId) ? H2ConnectionBuilder.create(this) : new PooledConnection(pool);
    }

    void opened(ClientConnection c) {
        if (!settled) {
            settled = true;
            pool.opened(c);
        }
    }

    void failed(ConnectFailedException e) {
        if (!settled) {
            settled = true;
            pool.openFailed(e);
        }
    }
}
