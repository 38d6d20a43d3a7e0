package dev.pronto.wire;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads that arrive while a connection is still choosing its protocol (a TLS handshake before
 * ALPN settles, on the server and in the HTTP client): held in order, then handed to the protocol
 * handler once it is installed, or released if the connection closes first. Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class HeldReads {
    private List<Object> held;

    /** Holds nothing yet. */
    public HeldReads() {
    }

    /** Holds {@code msg}; ownership moves here. */
    public void add(Object msg) {
        if (held == null) {
            held = new ArrayList<>(2);
        }
        held.add(msg);
    }

    /** Fires every held read from {@code ctx} (to the handler after it), then a read-complete. */
    public void replay(ChannelHandlerContext ctx) {
        List<Object> msgs = held;
        held = null;
        if (msgs != null) {
            msgs.forEach(ctx::fireChannelRead);
            ctx.fireChannelReadComplete();
        }
    }

    /** Releases whatever is still held: the connection closed before a protocol took over. */
    public void release() {
        if (held != null) {
            held.forEach(ReferenceCountUtil::release);
            held = null;
        }
    }
}
