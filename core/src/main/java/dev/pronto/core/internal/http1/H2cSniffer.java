package dev.pronto.core.internal.http1;

import dev.pronto.core.Protocol;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.wire.Cumulation;
import dev.pronto.wire.H2cPreface;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;

/**
 * Watches the first bytes of a cleartext connection that may speak HTTP/1.1 or h2c: while they
 * could still be the HTTP/2 preface they are held back; once they are, the connection's HTTP/1.1
 * handler is replaced by the HTTP/2 carrier, which gets every byte. One check per connection.
 * Event loop only.
 */
final class H2cSniffer {
    private final ServerContext server;
    /** What the HTTP/2 carrier's responses advertise, as the HTTP/1.1 one's did. */
    private final String altSvc;
    private ByteBuf held;
    private long heldSince;

    H2cSniffer(ServerContext server, String altSvc) {
        this.server = server;
        this.altSvc = altSvc;
    }

    /**
     * Takes {@code buf} (ownership moves here).
     *
     * @return the bytes to decode as HTTP/1.1 (sniffing is over), or null when more bytes are needed
     *         or the connection became HTTP/2; check {@link #done()} to tell
     */
    ByteBuf offer(ChannelHandlerContext ctx, ChannelHandler http1, ByteBuf buf) {
        ByteBuf start = held == null ? buf : Cumulation.append(ctx.alloc(), held, buf);
        held = null;
        H2cPreface.Match match = H2cPreface.match(start);
        if (match == H2cPreface.Match.NOT_PREFACE) {
            return start;
        }
        if (match == H2cPreface.Match.NEED_MORE) {
            if (heldSince == 0) {
                heldSince = ctx.executor().ticker().nanoTime();
            }
            held = start;
            return null;
        }
        ctx.pipeline().addAfter(ctx.name(), "h2", server.protocols().get(Protocol.HTTP_2).carrier(server, altSvc));
        ctx.fireChannelRead(start);
        ctx.pipeline().remove(http1);
        return null;
    }

    /** When the bytes held began arriving (the executor's ticker), or 0 when none are held. */
    long heldSince() {
        return held == null ? 0 : heldSince;
    }

    /** Whether the first bytes have been seen: no need to call {@link #offer} again. */
    boolean done() {
        return held == null;
    }

    void release() {
        if (held != null) {
            held.release();
            held = null;
        }
    }
}
