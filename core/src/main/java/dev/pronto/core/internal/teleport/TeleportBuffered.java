package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.wire.ChunkedDecoder;
import dev.pronto.wire.TeleportInbound;
import io.netty.buffer.ByteBuf;

/**
 * The body of a buffered route's request on a teleport connection, gathered whole before dispatch
 * within the loop's {@link TeleportBudget}: the body first takes its size (a chunked one 64 KiB, then
 * what it grows by), and while it does not fit the connection stops reading. A body that arrived
 * whole with its head, or one of at most 64 KiB, is a slice of the inbound bytes as before; a larger
 * one is copied into a buffer of its own as it arrives (grown with what arrived, never to the
 * declared length up front), so the inbound buffer is freed read by read instead of growing with
 * the body and every read before it. Event loop only; one body at a time.
 */
final class TeleportBuffered {
    /** Bodies up to this size are sliced from the inbound bytes once whole; larger ones are gathered as they come. */
    private static final int SLICE_LIMIT = 64 * 1024;
    /** Budget a chunked body takes before its size is known; it takes the rest as it grows. */
    private static final int CHUNKED_START = 64 * 1024;

    private final TeleportConnection conn;
    private final TeleportPauses pauses;
    private final TeleportBudget budget;
    private final ChunkedDecoder chunked;
    /** Budget bytes the body being received holds; -1 while it waits to be admitted. */
    private long held;

    TeleportBuffered(TeleportConnection conn, ChunkedDecoder chunked) {
        this.conn = conn;
        this.pauses = conn.pauses();
        this.budget = pauses.budget();
        this.chunked = chunked;
    }

    /** A new body follows: it takes its budget at its first step. */
    void start() {
        held = -1;
    }

    /** Takes {@code n} budget bytes once; false while the body must wait (reading is then paused). */
    private boolean admitted(long n) {
        if (held >= 0) {
            return true;
        }
        if (!budget.admit(n)) {
            pauses.awaitBudget();
            return false;
        }
        held = n;
        return true;
    }

    /** Gathers a Content-Length body from {@code in}: {@link ChunkedDecoder#DONE} once whole, else {@code MORE}. */
    int fixed(Exchange e, TeleportInbound in, ByteBuf cum) {
        int length = (int) e.head.contentLength;
        if (!admitted(length)) {
            return ChunkedDecoder.MORE;
        }
        ByteBuf body = e.body();
        if (body == null && cum.readableBytes() >= length) {
            e.body(cum.retainedSlice(cum.readerIndex(), length));
            cum.skipBytes(length);
            return ChunkedDecoder.DONE;
        }
        if (body == null && length <= SLICE_LIMIT) {
            // room for what is likely to arrive next, never the whole declared length
            in.reserve(length - cum.readableBytes());
            return ChunkedDecoder.MORE;
        }
        if (body == null) {
            body = conn.alloc().ioBuffer(Math.min(length, SLICE_LIMIT), length);
            e.body(body);
        }
        body.writeBytes(cum, Math.min(cum.readableBytes(), length - body.readableBytes()));
        return body.readableBytes() == length ? ChunkedDecoder.DONE : ChunkedDecoder.MORE;
    }

    /** Decodes a chunked body from {@code cum}: {@link ChunkedDecoder#MORE}, {@code DONE} or {@code ERROR}. */
    int chunked(Exchange e, ByteBuf cum) {
        if (!admitted(CHUNKED_START)) {
            return ChunkedDecoder.MORE;
        }
        if (e.body() == null) {
            e.body(conn.alloc().ioBuffer(256));
        }
        int r = chunked.decode(cum, e.body());
        int size = e.body().readableBytes();
        if (size > held) {
            // an admitted body is never paused by the budget (two half-received bodies would wait on each other)
            budget.take(size - held);
            held = size;
        }
        return r;
    }

    /** The body is whole: hands over the budget bytes it holds, to be given back when it is answered. */
    long handOver() {
        long n = Math.max(held, 0);
        held = 0;
        return n;
    }

    /** The body will not be dispatched: gives its budget back. Idempotent. */
    void giveBack() {
        budget.release(handOver());
    }
}
