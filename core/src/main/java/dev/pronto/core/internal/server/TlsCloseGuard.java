package dev.pronto.core.internal.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import javax.net.ssl.SSLEngine;

/**
 * Sits in front of a connection's {@code SslHandler} and ends the connection at once when the client
 * is still sending after the server closed its TLS side; otherwise passes every read through.
 *
 * <p>Why: a close goes through {@code SslHandler}, which writes close_notify and keeps the socket
 * open until that record is flushed, for up to its close-notify flush timeout (3 s). A client that
 * does not read never lets it flush, and meanwhile the socket stays readable: the handler goes on
 * reading what the client sends and, its outbound side closed, keeps it undecrypted in its
 * cumulation. A PING flood that had just been cut with GOAWAY ENHANCE_YOUR_CALM (issue #44) put
 * some 20 MB per connection there in those 3 s. Anything read after the server closed is of no use,
 * so the first such read is released and the transport closed from here, past the handler's wait:
 * the connection costs what an h2c one does when it is closed. A client that reads takes the
 * close_notify at once and never gets here. Event loop only; one instance per connection.
 */
final class TlsCloseGuard extends ChannelInboundHandlerAdapter {
    private final SSLEngine engine;

    TlsCloseGuard(SSLEngine engine) {
        this.engine = engine;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (engine.isOutboundDone()) {
            ReferenceCountUtil.release(msg);
            // from this context the close goes straight to the transport, not back through SslHandler
            ctx.close();
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
