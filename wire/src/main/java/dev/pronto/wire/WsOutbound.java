package dev.pronto.wire;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * A WebSocket connection's sends between flushes. Frames wait here until the read batch ends (or
 * at once outside a read), then go to the channel with void promises except the last, whose promise
 * completes every stage of the batch: one promise and one listener per flush instead of per message,
 * which is what the echo path pays for. Event loop only.
 *
 * <p>Control frames the connection writes itself (pong, ping, close) must not overtake data sent
 * before them, so the connection calls {@link #writeQueued()} before writing one.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsOutbound {
    private final ChannelHandlerContext ctx;
    private WsWrite first;
    private WsWrite last;
    private boolean inRead;
    private boolean needsFlush;

    /** The batching for the connection whose handler has {@code ctx}. */
    public WsOutbound(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** Queues a send; it reaches the socket at the end of the current read batch, or now outside one. */
    public void add(WsWrite write) {
        if (last == null) {
            first = write;
        } else {
            last.next = write;
        }
        last = write;
        flushSoon();
    }

    /** Hands the queued frames to the channel, in order, without flushing. */
    public void writeQueued() {
        WsWrite chain = first;
        if (chain == null) {
            return;
        }
        first = null;
        last = null;
        for (WsWrite w = chain; w != null; w = w.next) {
            Object frame = w.frame;
            w.frame = null;
            if (w.next == null) {
                ChannelPromise promise = ctx.newPromise();
                promise.addListener(chain);
                ctx.write(frame, promise);
            } else {
                ctx.write(frame, ctx.voidPromise());
            }
        }
    }

    /** A read batch starts: flushes wait for {@link #readComplete()}. */
    public void readStarted() {
        inRead = true;
    }

    /** The read batch ended: one flush for everything it sent. */
    public void readComplete() {
        inRead = false;
        if (needsFlush) {
            needsFlush = false;
            flushNow();
        }
    }

    /** Flushes now outside a read batch, else at its end. */
    public void flushSoon() {
        if (inRead) {
            needsFlush = true;
        } else {
            flushNow();
        }
    }

    private void flushNow() {
        writeQueued();
        ctx.flush();
    }

    /** The connection is gone: fails the sends still queued and releases their frames. */
    public void cancelAll(Throwable why) {
        WsWrite w = first;
        first = null;
        last = null;
        while (w != null) {
            WsWrite next = w.next;
            w.cancelled(why);
            w = next;
        }
    }
}
