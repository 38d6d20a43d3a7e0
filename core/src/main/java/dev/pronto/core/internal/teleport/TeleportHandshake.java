package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerTls;
import dev.pronto.wire.TeleportWire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.compression.SnappyFrameDecoder;
import io.netty.handler.codec.compression.SnappyFrameEncoder;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The server side of the teleport handshake: reads the client's 15 bytes within the header read
 * timeout, answers with its own (declaring the same compression for responses as the client uses
 * for requests), then replaces itself by the {@link TeleportConnection} and, for snappy, the
 * framing codec. TLS as Go's fastrpc does it: the reply copies the client's TLS flag; when the client
 * set it and this listener has TLS, a server TLS handler goes in front right after the reply, and
 * the compressed streams run inside TLS (its handshake within the TLS handshake timeout). A client
 * asking for TLS on a listener without it gets flag 0 and a close. A wrong sniff header, version or
 * compression byte or a timeout closes the connection.
 */
public final class TeleportHandshake extends ChannelInboundHandlerAdapter {
    private final ServerContext server;
    /** The listener's TLS, or null when it offers none. */
    private final ServerTls tls;
    private ByteBuf received;
    private ScheduledFuture<?> timeout;

    public TeleportHandshake(ServerContext server, ServerTls tls) {
        this.server = server;
        this.tls = tls;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        long nanos = server.config().headerReadTimeout().toNanos();
        timeout = ctx.executor().schedule(() -> {
            server.log().debug("Teleport handshake not received in time from {}", ctx.channel().remoteAddress());
            ctx.close();
        }, nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        timeout.cancel(false);
        if (received != null) {
            received.release();
            received = null;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (received == null) {
            received = ctx.alloc().heapBuffer(TeleportWire.HANDSHAKE_LENGTH);
        }
        int take = Math.min(in.readableBytes(), TeleportWire.HANDSHAKE_LENGTH - received.readableBytes());
        received.writeBytes(in, take);
        if (received.readableBytes() < TeleportWire.HANDSHAKE_LENGTH) {
            in.release();
            return;
        }
        String problem = TeleportWire.checkHandshake(received);
        if (problem != null) {
            in.release();
            refuse(ctx, problem);
            return;
        }
        int compression = received.getUnsignedByte(13);
        boolean wantsTls = received.getUnsignedByte(14) == 1;
        if (wantsTls && tls == null) {
            // the client wants TLS, which this listener does not offer: answer "no TLS" and close
            in.release();
            ctx.writeAndFlush(reply(ctx, compression, 0)).addListener(ChannelFutureListener.CLOSE);
            server.log().debug("Teleport client {} asked for TLS, not offered here", ctx.channel().remoteAddress());
            return;
        }
        // the reply leaves in plaintext: it is in the socket's queue before any TLS handler is added
        ctx.writeAndFlush(reply(ctx, compression, wantsTls ? 1 : 0), ctx.voidPromise());
        if (wantsTls) {
            ctx.pipeline().addBefore(ctx.name(), "tls", tls.newHandler(ctx.alloc()));
        }
        install(ctx, compression, in);
    }

    private static ByteBuf reply(ChannelHandlerContext ctx, int compression, int tlsFlag) {
        ByteBuf out = ctx.alloc().ioBuffer(TeleportWire.HANDSHAKE_LENGTH);
        TeleportWire.writeHandshake(out, compression, tlsFlag);
        return out;
    }

    /** Swaps in the connection (and the snappy codec); bytes already read after the handshake go on to it. */
    private void install(ChannelHandlerContext ctx, int compression, ByteBuf rest) {
        var pipeline = ctx.pipeline();
        String after = ctx.name();
        if (compression == TeleportWire.SNAPPY) {
            pipeline.addAfter(after, "snappy-out", new SnappyFrameEncoder());
            pipeline.addAfter("snappy-out", "snappy-in", new SnappyFrameDecoder(true));
            after = "snappy-in";
        }
        pipeline.addAfter(after, "teleport", new TeleportConnection(server, compression));
        pipeline.remove(this);
        if (rest.isReadable()) {
            // from the head: through the TLS handler and the snappy decoder, whichever are in front
            pipeline.fireChannelRead(rest);
        } else {
            rest.release();
        }
    }

    private void refuse(ChannelHandlerContext ctx, String problem) {
        server.log().debug("Teleport handshake refused from {}: {}", ctx.channel().remoteAddress(), problem);
        ctx.close();
    }
}
