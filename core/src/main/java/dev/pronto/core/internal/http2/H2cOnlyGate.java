package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.wire.Ascii;
import dev.pronto.wire.Cumulation;
import dev.pronto.wire.H2cPreface;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The first handler of a connection on an h2c-only listener: a client that starts with the HTTP/2
 * preface gets the HTTP/2 carrier, which sees every byte; anything else (an HTTP/1.1 request, a bad
 * preface) is an invalid preface: a GOAWAY PROTOCOL_ERROR (RFC 9113 §3.4) whose debug data says the
 * port speaks HTTP/2 only, then a close; nothing more is read. A client that sends nothing is closed after
 * {@code headerReadTimeout}. Holds at most the preface's length. Event loop only.
 */
public final class H2cOnlyGate extends ChannelInboundHandlerAdapter {
    private static final byte[] DEBUG = Ascii.bytes("This port speaks HTTP/2 only (h2c with prior knowledge)");
    /** GOAWAY, last stream 0, PROTOCOL_ERROR (RFC 9113 §3.4), with a line a human can read in a packet capture. */
    private static final byte[] REFUSAL = goAway();
    private final ServerContext server;
    /** The listener's Alt-Svc value, for the carrier; null when it advertises none. */
    private final String altSvc;
    private ByteBuf held;
    private ScheduledFuture<?> silence;
    private boolean refused;

    /** A gate for a channel of {@code server} accepted by a listener advertising {@code altSvc} (or null). */
    public H2cOnlyGate(ServerContext server, String altSvc) {
        this.server = server;
        this.altSvc = altSvc;
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
        if (refused) {
            buf.release();
            return;
        }
        ByteBuf start = held == null ? buf : Cumulation.append(ctx.alloc(), held, buf);
        held = null;
        switch (H2cPreface.match(start)) {
            case NEED_MORE -> held = start;
            case NOT_PREFACE -> {
                start.release();
                refused = true;
                ctx.writeAndFlush(ctx.alloc().ioBuffer(REFUSAL.length).writeBytes(REFUSAL))
                        .addListener(ChannelFutureListener.CLOSE);
            }
            case PREFACE -> {
                ctx.pipeline().replace(this, "h2", H2ConnectionBuilder.create(server, altSvc));
                ctx.pipeline().fireChannelRead(start);
            }
        }
    }

    private static byte[] goAway() {
        int length = 8 + DEBUG.length;
        byte[] f = new byte[9 + length];
        f[0] = (byte) (length >> 16);
        f[1] = (byte) (length >> 8);
        f[2] = (byte) length;
        f[3] = 0x7; // GOAWAY, no flags, stream 0
        f[16] = (byte) Http2Error.PROTOCOL_ERROR.code(); // after the last stream id (0), the low byte of the code
        System.arraycopy(DEBUG, 0, f, 17, DEBUG.length);
        return f;
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
