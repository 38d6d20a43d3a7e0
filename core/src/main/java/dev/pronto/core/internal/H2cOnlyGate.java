package dev.pronto.core.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The first handler of a connection on an h2c-only listener: a client that starts with the HTTP/2
 * preface gets the HTTP/2 carrier, which sees every byte; anything else (an HTTP/1.1 request) gets
 * a 400 saying the port speaks HTTP/2 only, and a close. A client that sends nothing is closed after
 * {@code headerReadTimeout}. Holds at most the preface's length. Event loop only.
 */
final class H2cOnlyGate extends ChannelInboundHandlerAdapter {
    private static final byte[] REFUSAL = Ascii.bytes("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 55\r\nConnection: close\r\n\r\nThis port speaks HTTP/2 only (h2c with prior knowledge)");
    private final ServerContext server;
    private ByteBuf held;
    private ScheduledFuture<?> silence;

    H2cOnlyGate(ServerContext server) {
        this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        silence = ctx.executor().schedule(() -> ctx.close(), server.config().headerReadTimeout().toNanos(),
                TimeUnit.NANOSECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf buf)) {
            ctx.fireChannelRead(msg);
            return;
        }
        ByteBuf start = held == null ? buf : Cumulation.append(ctx.alloc(), held, buf);
        held = null;
        switch (H2cPreface.match(start)) {
            case NEED_MORE -> held = start;
            case NOT_PREFACE -> {
                start.release();
                ctx.writeAndFlush(ctx.alloc().ioBuffer(REFUSAL.length).writeBytes(REFUSAL))
                        .addListener(ChannelFutureListener.CLOSE);
            }
            case PREFACE -> {
                ctx.pipeline().replace(this, "h2", H2ConnectionBuilder.create(server));
                ctx.pipeline().fireChannelRead(start);
            }
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        silence.cancel(false);
        if (held != null) {
            held.release();
            held = null;
        }
    }
}
