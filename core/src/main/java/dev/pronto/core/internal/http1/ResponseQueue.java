package dev.pronto.core.internal.http1;

import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangePool;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import java.util.function.Consumer;

/**
 * The in-order response queue of one HTTP/1.1 connection. An exchange dispatched while nothing is
 * queued writes straight to the channel (the fast path: no queue, no allocation); otherwise
 * exchanges wait here in request order and the head is written as soon as it completes, followed by
 * every completed exchange behind it. It owns the connection's {@link OutboundBatch} and channel
 * context, so a response is written without calling back into the connection (only pausing and
 * closing, which are rare, do). An exchange is finished (hooks, recycling) by the connection's
 * {@link ExchangePool} once its response is written. Event loop only, except the entry points that
 * move themselves onto it.
 */
final class ResponseQueue {
    private static final int SPARES = 4;
    private final HttpConnection conn;
    private final int maxPending;
    /** The connection's writes, batched and flushed once per read or loop turn. */
    final OutboundBatch out;
    private ChannelHandlerContext ctx;
    /** Obtains and finishes the connection's exchanges; its carrier releases holds through it. */
    final ExchangePool pool;
    private Exchange pendingHead;
    private Exchange pendingTail;
    private int pendingCount;

    ResponseQueue(HttpConnection conn) {
        this.conn = conn;
        this.pool = new ExchangePool(conn, conn.server, SPARES, H1Slot::new);
        // OutboundBatch flushes once per read batch and calls pool.flushed(): one clock read times the whole batch
        pool.timeAtFlush();
        this.out = new OutboundBatch(pool);
        this.maxPending = conn.server.config().maxPendingResponses();
    }

    /** The connection's handler was added: responses go to {@code ctx}. */
    void attach(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        out.attach(ctx);
    }

    private EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    /** Writes in order now; the connection stops reading once the channel is full. */
    private void write(Object part1, Object part2) {
        out.write(part1, part2);
        if (!ctx.channel().isWritable()) {
            conn.outboundFull();
        }
    }

    /** Whether {@code e} is the oldest exchange waiting for its response. */
    boolean isHead(Exchange e) {
        return pendingHead == e;
    }

    boolean isEmpty() {
        return pendingHead == null;
    }

    /** Gives up every queued exchange: the connection closed. Held ones are freed when let go. */
    void releaseAll() {
        pool.close();
        for (Exchange x = pendingHead; x != null; ) {
            Exchange next = H1Slot.of(x).next;
            pool.abandon(x);
            x = next;
        }
        pendingHead = pendingTail = null;
        pendingCount = 0;
    }

    /** Calls {@code action} for every exchange waiting for its response, oldest first. */
    void forEachPending(Consumer<Exchange> action) {
        for (Exchange x = pendingHead; x != null; x = H1Slot.of(x).next) {
            action.accept(x);
        }
    }

    /** A reusable exchange: the recycled one of an earlier request when there is one. */
    Exchange obtain() {
        return pool.obtain();
    }

    /** Dispatches {@code e} in its place in the response order (see {@link #admit}, {@link #handlerReturned}). */
    void run(Exchange e) {
        admit(e);
        Dispatch.run(e);
        handlerReturned(e);
    }

    /** Queues {@code e} when responses are pending, before its handler runs; otherwise it writes directly. */
    void admit(Exchange e) {
        if (pendingHead == null) {
            H1Slot.of(e).direct = true;
        } else {
            enqueue(e);
        }
    }

    /**
     * Called after the chain returned: an unanswered direct exchange becomes the queue head. One
     * answered in the chain was finished by {@link #complete} and recycled as the dispatcher let go
     * (its slot no longer direct); one aborted meanwhile is finished here.
     */
    void handlerReturned(Exchange e) {
        H1Slot s = H1Slot.of(e);
        if (!s.direct) {
            return;
        }
        if (e.settled()) {
            finishWritten(e);
        } else {
            s.direct = false;
            enqueue(e);
        }
    }

    private void enqueue(Exchange e) {
        if (pendingTail == null) {
            pendingHead = pendingTail = e;
        } else {
            H1Slot.of(pendingTail).next = e;
            pendingTail = e;
        }
        if (++pendingCount >= maxPending) {
            conn.pauseForQueue();
        }
    }

    /**
     * Completes {@code e} with its encoded response ({@code part2} may be null). Any thread:
     * a call off the event loop is moved onto it. Ownership of both parts moves here.
     */
    void complete(Exchange e, ByteBuf part1, Object part2) {
        EventLoop loop = eventLoop();
        if (!loop.inEventLoop()) {
            try {
                loop.execute(() -> complete(e, part1, part2));
            } catch (java.util.concurrent.RejectedExecutionException loopGone) {
                part1.release();
                Exchange.release(part2);
            }
            return;
        }
        if (conn.closing()) {
            part1.release();
            Exchange.release(part2);
            e.abort();
            return;
        }
        e.completed();
        e.bytesOut(out.bytesOf(part1) + (part2 instanceof ByteBuf b ? b.readableBytes()
                : part2 instanceof io.netty.channel.FileRegion r ? r.count()
                : part2 instanceof io.netty.handler.stream.ChunkedInput<?> in ? in.length() : 0));
        H1Slot s = H1Slot.of(e);
        if (s.direct) {
            write(part1, part2);
            boolean close = e.closeAfter();
            // finished as written; the dispatcher's hold keeps it until its chain returns, then it is recycled
            finishWritten(e);
            if (close) {
                conn.closeAfterWrite();
            }
            return;
        }
        s.out1 = part1;
        s.out2 = part2;
        if (e == pendingHead) {
            drain();
        }
    }

    /** Writes the head of a streamed response; chunks follow through {@link #writeChunk}. */
    void startStream(Exchange e, ByteBuf head) {
        e.bytesOut(-1);
        writeChunk(e, head);
    }

    /** Writes (or holds, when {@code e} is not at the head) one part of a streamed response. Any thread. */
    void writeChunk(Exchange e, Object part) {
        EventLoop loop = eventLoop();
        if (!loop.inEventLoop()) {
            try {
                loop.execute(() -> writeChunk(e, part));
            } catch (java.util.concurrent.RejectedExecutionException loopGone) {
                Exchange.release(part);
            }
            return;
        }
        if (conn.closing()) {
            Exchange.release(part);
            return;
        }
        H1Slot s = H1Slot.of(e);
        if (s.direct || e == pendingHead) {
            write(part, null);
            return;
        }
        if (s.held == null) {
            s.held = new java.util.ArrayDeque<>();
        }
        s.held.add(part);
    }

    /** Ends a streamed response whose last chunk was written or held. Any thread. */
    void endStream(Exchange e) {
        EventLoop loop = eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> endStream(e));
            return;
        }
        if (conn.closing()) {
            e.abort();
            return;
        }
        e.completed();
        if (H1Slot.of(e).direct) {
            if (e.closeAfter()) {
                conn.closeAfterWrite();
            }
        } else if (e == pendingHead) {
            drain();
        }
    }

    private void drain() {
        Exchange x;
        while ((x = pendingHead) != null) {
            H1Slot s = H1Slot.of(x);
            if (s.held != null) {
                while (!s.held.isEmpty()) {
                    write(s.held.poll(), null);
                }
            }
            if (!x.settled()) {
                break;
            }
            if (s.out1 != null) {
                write(s.out1, s.out2);
                s.out1 = null;
                s.out2 = null;
            }
            pendingHead = s.next;
            if (pendingHead == null) {
                pendingTail = null;
                conn.clock.touch();
            }
            pendingCount--;
            boolean close = x.closeAfter();
            finishWritten(x);
            if (close) {
                conn.closeAfterWrite();
                return;
            }
        }
        conn.queueDrained(pendingCount);
    }

    /** Returns an exchange that was never dispatched (its head failed to parse). */
    void discard(Exchange e) {
        e.abort();
        finishWritten(e);
    }

    /** The response of {@code e} is written: observe it, then recycle unless a dispatcher holds it. */
    private void finishWritten(Exchange e) {
        H1Slot.of(e).next = null;
        pool.finishWritten(e);
    }
}
