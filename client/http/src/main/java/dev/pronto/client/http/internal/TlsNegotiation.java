package dev.pronto.client.http.internal;

import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.wire.HeldReads;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * Waits for the TLS handshake of an https connection, then replaces itself with the connection
 * for the protocol ALPN chose. Bytes decrypted before the handshake event are held and handed on.
 */
final class TlsNegotiation extends ChannelInboundHandlerAdapter {
    private final ConnectAttempt attempt;
    private final HeldReads early = new HeldReads();
    private Throwable cause;

    TlsNegotiation(ConnectAttempt attempt) {
        this.attempt = attempt;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (!(evt instanceof SslHandshakeCompletionEvent done)) {
            ctx.fireUserEventTriggered(evt);
        } else if (done.isSuccess()) {
            switchProtocol(ctx);
        } else {
            attempt.failed(failure(done.cause()));
            ctx.close();
        }
    }

    private void switchProtocol(ChannelHandlerContext ctx) {
        String alpn = ctx.pipeline().get(SslHandler.class).applicationProtocol();
        ChannelHandler conn = attempt.negotiated(alpn);
        // replace() points this context at the new handler, so held reads reach it
        // (an HTTP/1.1 connection added to an active channel reports itself opened here, before the replay)
        ctx.pipeline().replace(this, null, conn);
        early.replay(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        early.add(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        if (cause == null) {
            cause = t;
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        early.release();
        attempt.failed(failure(cause != null ? cause : new java.nio.channels.ClosedChannelException()));
    }

    private ConnectFailedException failure(Throwable t) {
        Throwable root = t instanceof io.netty.handler.codec.DecoderException && t.getCause() != null ? t.getCause() : t;
        return new ConnectFailedException("TLS handshake with " + attempt.pool().origin() + " failed: " + root, root);
    }
}
