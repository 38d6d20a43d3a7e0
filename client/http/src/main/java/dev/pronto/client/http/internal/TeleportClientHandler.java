package dev.pronto.client.http.internal;

import dev.pronto.client.http.TeleportConfig;
import dev.pronto.core.internal.TeleportInbound;
import dev.pronto.core.internal.TeleportOutput;
import dev.pronto.core.internal.TeleportWire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.compression.SnappyFrameDecoder;
import io.netty.handler.codec.compression.SnappyFrameEncoder;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The channel side of a {@link TeleportLink}: writes the client's handshake as soon as the socket
 * connects, reads the server's within the connect timeout (checking sniff header and version,
 * and taking the server's compression for the responses), then frames responses with a
 * {@link TeleportReader}. Snappy in either direction adds Netty's framing codec in front.
 */
final class TeleportClientHandler extends ChannelInboundHandlerAdapter {
    private final TeleportLink link;
    private final TeleportConfig config;
    private ByteBuf handshake;
    private ScheduledFuture<?> timeout;
    private TeleportReader reader;
    private TeleportInbound readerInbound;
    private Throwable cause;

    TeleportClientHandler(TeleportLink link, TeleportConfig config) {
        this.link = link;
        this.config = config;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (ctx.executor().isShuttingDown()) {
            // a connect that completes while the loop is being torn down: a write now would be
            // submitted to a transport that never completes it, and its buffer would leak
            ctx.close();
            return;
        }
        ByteBuf hello = ctx.alloc().ioBuffer(TeleportWire.HANDSHAKE_LENGTH);
        TeleportWire.writeHandshake(hello, config.compression().wire(), 0);
        ctx.writeAndFlush(hello, ctx.voidPromise());
        timeout = ctx.executor().schedule(() -> {
            cause = new java.util.concurrent.TimeoutException("no teleport handshake from the server within "
                    + config.connectTimeout().toMillis() + " ms");
            ctx.close();
        }, config.connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (reader == null) {
            shake(ctx, in);
            return;
        }
        readerInbound.offer(in);
        reader.decode();
    }

    private void shake(ChannelHandlerContext ctx, ByteBuf in) {
        if (handshake == null) {
            handshake = ctx.alloc().heapBuffer(TeleportWire.HANDSHAKE_LENGTH);
        }
        handshake.writeBytes(in, Math.min(in.readableBytes(), TeleportWire.HANDSHAKE_LENGTH - handshake.readableBytes()));
        if (handshake.readableBytes() < TeleportWire.HANDSHAKE_LENGTH) {
            in.release();
            return;
        }
        String problem = TeleportWire.checkHandshake(handshake);
        int serverCompression = handshake.getUnsignedByte(13);
        handshake.release();
        handshake = null;
        timeout.cancel(false);
        if (problem != null) {
            in.release();
            cause = new IllegalStateException("bad teleport handshake from the server: " + problem);
            ctx.close();
            return;
        }
        install(ctx, serverCompression);
        if (in.isReadable()) {
            // through the snappy decoder, if any, in front of this handler
            ctx.pipeline().fireChannelRead(in);
        } else {
            in.release();
        }
    }

    private void install(ChannelHandlerContext ctx, int serverCompression) {
        if (config.compression().wire() == TeleportWire.SNAPPY) {
            ctx.pipeline().addBefore(ctx.name(), "snappy-out", new SnappyFrameEncoder());
        }
        if (serverCompression == TeleportWire.SNAPPY) {
            ctx.pipeline().addBefore(ctx.name(), "snappy-in", new SnappyFrameDecoder(true));
        }
        readerInbound = new TeleportInbound(ctx.alloc(), serverCompression);
        reader = new TeleportReader(link, readerInbound, config.maxHeaderSize(), config.maxResponseSize());
        link.ready(ctx.channel(), new TeleportOutput(ctx, config.compression().wire()));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (timeout != null) {
            timeout.cancel(false);
        }
        if (handshake != null) {
            handshake.release();
            handshake = null;
        }
        if (reader != null) {
            reader.release();
        }
        link.closed(ctx.channel(), cause);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        cause = t;
        ctx.close();
    }
}
