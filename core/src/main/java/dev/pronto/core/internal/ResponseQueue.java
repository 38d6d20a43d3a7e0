package dev.pronto.core.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import java.util.function.Consumer;

/**
 * The in-order response queue of one HTTP/1.1 connection. An exchange dispatched while nothing is
 * queued writes straight to the channel (the fast path: no queue, no allocation); otherwise
 * exchanges wait here in request order and the head is written as soon as it completes, followed by
 * every completed exchange behind it. Also keeps a few finished exchanges for reuse: an exchange is
 * reused only once its response is written and no dispatcher holds it. Event loop only, except the
 * entry points that move themselves onto it.
 */
final class ResponseQueue {
    private static final int SPARES = 4;
    private final HttpConnection conn;
    private Exchange spare;
    private int spareCount;
    private Exchange pendingHead;
    private Exchange pendingTail;
    private int pendingCount;

    ResponseQueue(HttpConnection conn) {
        this.conn = conn;
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
        for (Exchange x = pendingHead; x != null; ) {
            Exchange next = x.next;
            x.abort();
            x.next = null;
            x.finished = true;
            if (x.holds == 0) {
                x.releaseResources();
            }
            x = next;
        }
        pendingHead = pendingTail = null;
        pendingCount = 0;
        spare = null;
        spareCount = 0;
    }

    /** Calls {@code action} for every exchange waiting for its response, oldest first. */
    void forEachPending(Consumer<Exchange> action) {
        for (Exchange x = pendingHead; x != null; x = x.next) {
            action.accept(x);
        }
    }

    /** A reusable exchange: the recycled one of an earlier request when there is one. */
    Exchange obtain() {
        Exchange e = spare;
        if (e == null) {
            return new Exchange(conn, conn.server);
        }
        spare = e.next;
        e.next = null;
        spareCount--;
        return e;
    }

    /** Queues {@code e} when responses are pending, before its handler runs. */
    void admit(Exchange e) {
        if (pendingHead == null) {
            e.direct = true;
        } else {
            enqueue(e);
        }
    }

    /** Called after the chain returned: an unfinished direct exchange becomes the queue head. */
    void handlerReturned(Exchange e) {
        if (!e.direct) {
            return;
        }
        if (e.settled()) {
            finishWritten(e);
        } else {
            e.direct = false;
            enqueue(e);
        }
    }

    private void enqueue(Exchange e) {
        if (pendingTail == null) {
            pendingHead = pendingTail = e;
        } else {
            pendingTail.next = e;
            pendingTail = e;
        }
        if (++pendingCount >= conn.server.config().maxPendingResponses()) {
            conn.pauseForQueue();
        }
    }

    /**
     * Completes {@code e} with its encoded response ({@code part2} may be null). Any thread:
     * a call off the event loop is moved onto it. Ownership of both parts moves here.
     */
    void complete(Exchange e, ByteBuf part1, Object part2) {
        EventLoop loop = conn.eventLoop();
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
        e.bytesOut = conn.bytesOf(part1) + (part2 instanceof ByteBuf b ? b.readableBytes()
                : part2 instanceof io.netty.channel.FileRegion r ? r.count()
                : part2 instanceof io.netty.handler.stream.ChunkedInput<?> in ? in.length() : 0);
        if (e.direct) {
            conn.write(part1, part2);
            if (e.closeAfter) {
                conn.closeAfterWrite();
            }
            return;
        }
        e.out1 = part1;
        e.out2 = part2;
        if (e == pendingHead) {
            drain();
        }
    }

    /** Writes the head of a streamed response; chunks follow through {@link #writeChunk}. */
    void startStream(Exchange e, ByteBuf head) {
        e.bytesOut = -1;
        writeChunk(e, head);
    }

    /** Writes (or holds, when {@code e} is not at the head) one part of a streamed response. Any thread. */
    void writeChunk(Exchange e, Object part) {
        EventLoop loop = conn.eventLoop();
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
        if (e.direct || e == pendingHead) {
            conn.write(part, null);
            return;
        }
        if (e.held == null) {
            e.held = new java.util.ArrayDeque<>();
        }
        e.held.add(part);
    }

    /** Ends a streamed response whose last chunk was written or held. Any thread. */
    void endStream(Exchange e) {
        EventLoop loop = conn.eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> endStream(e));
            return;
        }
        if (conn.closing()) {
            e.abort();
            return;
        }
        e.completed();
        if (e.direct) {
            if (e.closeAfter) {
                conn.closeAfterWrite();
            }
        } else if (e == pendingHead) {
            drain();
        }
    }

    private void drain() {
        Exchange x;
        while ((x = pendingHead) != null) {
            if (x.held != null) {
                while (!x.held.isEmpty()) {
                    conn.write(x.held.poll(), null);
                }
            }
            if (!x.settled()) {
                break;
            }
            if (x.out1 != null) {
                conn.write(x.out1, x.out2);
                x.out1 = null;
                x.out2 = null;
            }
            pendingHead = x.next;
            if (pendingHead == null) {
                pendingTail = null;
                conn.touch();
            }
            pendingCount--;
            boolean close = x.closeAfter;
            finishWritten(x);
            if (close) {
                conn.closeAfterWrite();
                return;
            }
        }
        conn.queueDrained(pendingCount);
    }

    private void responded(Exchange e) {
        long nanos = e.startNanos == 0 ? 0 : System.nanoTime() - e.startNanos;
        long bytes = e.bytesOut;
        for (dev.pronto.core.ResponseHook hook : e.life.onResponse()) {
            try {
                hook.handle(e.handle, e.response.status(), bytes, nanos);
            } catch (RuntimeException failure) {
                conn.server.log().warn("onResponse hook failed", failure);
            }
        }
    }

    /** Returns an exchange that was never dispatched (its head failed to parse). */
    void discard(Exchange e) {
        e.abort();
        finishWritten(e);
    }

    /** The response of {@code e} is written: observe it, then recycle unless a dispatcher holds it. */
    private void finishWritten(Exchange e) {
        if (!e.life.onResponse().isEmpty()) {
            responded(e);
        }
        conn.server.releaseInFlight(e);
        e.next = null;
        e.finished = true;
        if (e.holds == 0) {
            recycle(e);
        }
    }

    /** Drops a dispatcher hold (event loop); recycles once the response is written too. */
    void release(Exchange e) {
        if (--e.holds == 0 && e.finished) {
            if (conn.closing() && e.state() == ExchangeState.ABORTED) {
                e.releaseResources();
            } else {
                recycle(e);
            }
        }
    }

    private void recycle(Exchange e) {
        e.recycle();
        if (spareCount < SPARES && !conn.closing()) {
            e.next = spare;
            spare = e;
            spareCount++;
        }
    }
}
