package dev.pronto.core.internal.server;

import dev.pronto.wire.HeldReads;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * Holds a TLS connection until its handshake ends, then installs the carrier of the protocol ALPN chose
 * and steps aside; a failed handshake (timeout, plain HTTP, garbage, no common version, a refused client
 * certificate) is counted and closed. Failures are routine on a public port, so none is logged above DEBUG.
 */
final class TlsHandshake extends ChannelInboundHandlerAdapter {
    private final ServerContext server;
    private final ListenerSetup listener;
    private final HeldReads early = new HeldReads();

    TlsHandshake(ServerContext server, ListenerSetup listener) {
        this.server = server;
        this.listener = listener;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        // SslHandler announces the handshake before the data that follows it; hold anything else for the carrier
        early.add(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent done && !ctx.isRemoved()) {
            if (done.isSuccess() && server.draining()) {
                // finished after the server began to stop: no exchange may start on it
                ctx.close();
            } else if (done.isSuccess()) {
                String alpn = ctx.pipeline().get(SslHandler.class).applicationProtocol();
                server.protocols().negotiated(ctx.pipeline(), alpn, listener, server);
                ctx.pipeline().remove(this);
            } else {
                server.tlsHandshakeFailed(ctx.channel(), done.cause());
                ctx.close();
            }
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        early.replay(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        early.release();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // the handshake failure this belongs to is counted by userEventTriggered
        server.log().debug("TLS connection {} failed during the handshake: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
