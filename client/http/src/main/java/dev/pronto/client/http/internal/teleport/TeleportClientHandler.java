package dev.pronto.client.http.internal.teleport;

import dev.pronto.client.http.TeleportConfig;
import dev.pronto.client.http.internal.ClientRuntime;
import dev.pronto.wire.TeleportInbound;
import dev.pronto.wire.TeleportOutput;
import dev.pronto.wire.TeleportWire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.compression.SnappyFrameDecoder;
import io.netty.handler.codec.compression.SnappyFrameEncoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The channel side of a {@link TeleportLink}: writes the client's handshake as soon as the socket
 * connects, reads the server's within the connect timeout (checking sniff header and version,
 * and taking the server's compression for the responses), then frames responses with a
 * {@link TeleportReader}. Snappy in either direction adds Netty's framing codec in front. With TLS
 * the handshake sets the TLS flag; once the server copies it back a client TLS handler goes in front
 * (before any snappy codec) and the link is ready only when the TLS handshake succeeds, all within
 * the connect timeout. A server that answers without the flag (it offers no TLS), or with it when
 * it was not asked, fails the connect.
 */
final class TeleportClientHandler extends ChannelInboundHandlerAdapter {
    private final TeleportLink link;
    private final TeleportConfig config;
    /** The TLS context when the config asks for TLS, else null. */
    private final SslContext ssl;
    private ByteBuf handshake;
    private ScheduledFuture<?> timeout;
    private TeleportReader reader;
    private TeleportInbound readerInbound;
    private TeleportOutput output;
    private Throwable cause;

    TeleportClientHandler(TeleportLink link, TeleportConfig config, SslContext ssl) {
        this.link = link;
        this.config = config;
        this.ssl = ssl;
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
        TeleportWire.writeHandshake(hello, config.compression().wire(), ssl != null ? 1 : 0);
        ctx.writeAndFlush(hello, ctx.voidPromise());
        timeout = ctx.executor().schedule(() -> {
            cause = new java.util.concurrent.TimeoutException("teleport handshake (and TLS, if asked) not done within "
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
        int serverTls = handshake.getUnsignedByte(14);
        handshake.release();
        handshake = null;
        if (problem == null) {
            problem = tlsMismatch(serverTls);
        }
        if (problem != null) {
            timeout.cancel(false);
            in.release();
            cause = new IllegalStateException("bad teleport handshake from the server: " + problem);
            ctx.close();
            return;
        }
        if (ssl != null) {
            // the 15 bytes each way were plaintext; everything after them is TLS records
            ctx.pipeline().addBefore(ctx.name(), "tls",
                    ClientRuntime.handler(ssl, config.tls(), ctx.alloc(), config.host(), config.port()));
        } else {
            timeout.cancel(false);
        }
        install(ctx, serverCompression);
        if (in.isReadable()) {
            // from the head: through the TLS handler and the snappy decoder, whichever are in front
            ctx.pipeline().fireChannelRead(in);
        } else {
            in.release();
        }
    }

    private String tlsMismatch(int serverTls) {
        if (ssl != null && serverTls != 1) {
            return "the server does not offer TLS (TLS flag " + serverTls + ")";
        }
        return ssl == null && serverTls != 0 ? "TLS flag " + serverTls + " set though the client did not ask for TLS" : null;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (!(evt instanceof SslHandshakeCompletionEvent done)) {
            ctx.fireUserEventTriggered(evt);
        } else if (done.isSuccess()) {
            timeout.cancel(false);
            link.ready(ctx.channel(), output);
        } else {
            cause = done.cause();
            ctx.close();
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
        output = new TeleportOutput(ctx, config.compression().wire());
        if (ssl == null) {
            link.ready(ctx.channel(), output);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        release();
        link.closed(ctx.channel(), cause);
    }

    /**
     * Frees the handshake, the reader and the output (which the link frees too once it took it;
     * both are idempotent). Idempotent; the loop, or any thread once the loop has terminated.
     */
    void release() {
        if (timeout != null) {
            timeout.cancel(false);
        }
        if (handshake != null) {
            handshake.release();
            handshake = null;
        }
        if (reader != null) {
            reader.release();
            reader = null;
        }
        if (output != null) {
            output.release();
            output = null;
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
        cause = t;
        ctx.close();
    }
}
