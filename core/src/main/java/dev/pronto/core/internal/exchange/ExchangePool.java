package dev.pronto.core.internal.exchange;

import dev.pronto.core.ResponseHook;
import dev.pronto.core.internal.util.FlushTimedHook;
import dev.pronto.core.internal.util.FlushTimes;
import io.netty.channel.EventLoop;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * How every carrier obtains and finishes its exchanges, written once: a bounded stack of spares,
 * the dispatcher's holds (the only place {@code Exchange.holds} changes), the {@code onResponse}
 * hooks, the {@code maxInFlight} release, and recycling once the carrier is done with an exchange
 * and no hold is left. One per carrier connection; event loop only, except {@link #releaseAnyThread},
 * {@link #abortAnyThread} and what they are made of ({@link #releaseOn}, {@link #abortOn}): the one
 * place where an exchange's any-thread release and abort move onto its carrier's loop, so no carrier
 * writes that plumbing again.
 *
 * <p>Closing rule: after {@link #close()}, an aborted exchange is freed (buffers released, state and
 * generation kept) instead of recycled, so a handle user code still holds keeps seeing its request as
 * cancelled ({@code onCancel} runs at once) rather than turning stale; spares are dropped.
 */
public final class ExchangePool {
    final Carrier carrier;
    private final ExchangeContext server;
    private final Supplier<? extends ExchangeSlot> slots;
    private final Exchange[] spares;
    private int spareCount;
    private boolean closed;
    /** Timings waiting for the carrier's flush, when it {@linkplain #timeAtFlush() flushes in batches}; else null. */
    private FlushTimes flushTimes;
    private boolean timeAtFlush;
    private EventLoop loop;
    private Consumer<Exchange> protocolAbort;

    /**
     * @param limit how many finished exchanges are kept for reuse
     * @param slots makes the carrier's protocol state for each new exchange
     */
    public ExchangePool(Carrier carrier, ExchangeContext server, int limit, Supplier<? extends ExchangeSlot> slots) {
        this.carrier = carrier;
        this.server = server;
        this.slots = slots;
        this.spares = new Exchange[limit];
    }

    /** A reusable exchange: a recycled one when there is one, else a new one with a fresh slot. */
    public Exchange obtain() {
        int n = spareCount;
        if (n == 0) {
            return new Exchange(this, server, slots.get());
        }
        Exchange e = spares[--n];
        spares[n] = null;
        spareCount = n;
        return e;
    }

    /**
     * The carrier's channel is known: {@link #releaseAnyThread} and {@link #abortAnyThread} move onto
     * {@code loop}, and an abort runs {@code protocolAbort} there (reset the stream, close the
     * connection). Once per connection, before its first exchange is dispatched; both are kept, so
     * nothing is allocated per request.
     */
    public void attach(EventLoop loop, Consumer<Exchange> protocolAbort) {
        this.loop = loop;
        this.protocolAbort = protocolAbort;
    }

    /**
     * As {@link #attach}, for a carrier on a single byte stream (HTTP/1.1, teleport): a response
     * already under way cannot be taken back from it, so an abort closes the connection.
     */
    public void attachClosing(EventLoop loop, ServerConnection conn) {
        attach(loop, e -> {
            e.abort();
            conn.closeNow();
        });
    }

    /**
     * Drops one dispatcher hold on {@code e} (its chain returned, a blocking handler or a streamed body
     * finished); {@code e} is recycled once its carrier is done with it and no hold is left. Any thread.
     */
    public void releaseAnyThread(Exchange e) {
        releaseOn(e, loop);
    }

    /** A response already under way cannot be finished: gives up on it the carrier's way. Any thread. */
    public void abortAnyThread(Exchange e) {
        abortOn(e, loop, protocolAbort);
    }

    /** Takes a hold on {@code e}: it is not recycled before the matching {@link #release}. */
    public static void hold(Exchange e) {
        e.holds++;
    }

    /**
     * A whole response its carrier cannot send (the stream or connection is gone, or the exchange left
     * RESPONDING): drops what {@code body} holds and aborts {@code e}. Event loop.
     */
    public static void refuse(Exchange e, ResponseBody body) {
        body.release();
        e.abort();
    }

    /**
     * The carrier starts writing {@code e}'s whole response: takes a hold (dropped by {@link #endWrite}), marks
     * the exchange COMPLETED and counts the body bytes that go on the wire. Event loop.
     */
    public static void startWrite(Exchange e, ResponseBody body) {
        hold(e);
        e.completed();
        e.bytesOut = ResponseBody.hasBody(e) ? body.length() : 0;
    }

    /** After {@link #startWrite}, also when writing failed: drops what the carrier did not take of {@code body}, and the hold. */
    public void endWrite(Exchange e, ResponseBody body) {
        body.release();
        release(e);
    }

    /** Gives back a hold taken for work that never started, while the caller still holds {@code e}. */
    static void unhold(Exchange e) {
        e.holds--;
    }

    /** Drops a hold; recycles {@code e} when it was the last one and the carrier is done with it. */
    public void release(Exchange e) {
        if (--e.holds == 0 && e.finished) {
            settle(e);
        }
    }

    /**
     * {@link #release} from any thread: at once when called on {@code loop} (the carrier's), else in a task
     * there. Nothing is allocated on the loop.
     */
    public void releaseOn(Exchange e, EventLoop loop) {
        if (loop.inEventLoop()) {
            release(e);
        } else {
            loop.execute(() -> release(e));
        }
    }

    /**
     * A carrier's {@link Carrier#abort}, from any thread: runs {@code protocolAbort} (reset the stream, close
     * the connection) with {@code e} at once when called on {@code loop}, else in a task there.
     */
    public static void abortOn(Exchange e, EventLoop loop, Consumer<Exchange> protocolAbort) {
        if (loop.inEventLoop()) {
            protocolAbort.accept(e);
        } else {
            loop.execute(() -> protocolAbort.accept(e));
        }
    }

    /** Counts {@code e} against {@code maxInFlight}; false (not counted) when the limit is reached. */
    static boolean admitInFlight(Exchange e) {
        if (!e.server.admitInFlight()) {
            return false;
        }
        e.inFlight = true;
        return true;
    }

    /** Gives back {@code e}'s {@code maxInFlight} count, if it has one. Idempotent. */
    private static void releaseInFlight(Exchange e) {
        if (e.inFlight) {
            e.inFlight = false;
            e.server.releaseInFlight();
        }
    }

    /**
     * {@code e}'s whole response is the transport's now, though its stream closes only later (HTTP/3: when
     * the client acknowledges it): frees its {@code maxInFlight} count, as other carriers free it once
     * written, and runs {@link #observe}.
     */
    public void handedOver(Exchange e) {
        releaseInFlight(e);
        observe(e);
    }

    /**
     * The carrier calls {@link #flushed()} after each flush: timing-only hooks then take the flush's time as the
     * response's hand-off, with one clock read per flush.
     */
    public void timeAtFlush() {
        timeAtFlush = true;
    }

    /** The carrier flushed: records the timings of the responses handed over since the last flush. */
    public void flushed() {
        if (flushTimes != null) {
            flushTimes.record();
        }
    }

    /** Runs the {@code onResponse} hooks of a response handed to the socket; a failing hook is logged. */
    public void observe(Exchange e) {
        java.util.List<ResponseHook> hooks = e.life.onResponse();
        if (hooks.isEmpty()) {
            return;
        }
        long nanos = -1;
        // indexed: an iterator per response is not always scalar-replaced once this is inlined into a carrier
        for (int i = 0; i < hooks.size(); i++) {
            ResponseHook hook = hooks.get(i);
            try {
                if (timeAtFlush && e.startNanos != 0 && hook instanceof FlushTimedHook timed) {
                    resolveTimed(timed, e);
                    continue;
                }
                if (nanos < 0) {
                    nanos = e.startNanos == 0 ? 0 : Math.max(0, Dispatch.loopNanos(e) - e.startNanos);
                }
                hook.handle(e.handle, e.response.status(), e.bytesOut, nanos);
            } catch (RuntimeException failure) {
                server.log().warn("onResponse hook failed", failure);
            }
        }
    }

    // A response like the connection's last one (same hook, route, method, protocol and status, and not the
    // attribute that changes the hook's choice: a gRPC status) gets the timer the hook picked then, read from the
    // exchange's own fields: asking the hook goes through the request's handle, four calls that C2 leaves out of
    // line in this long compile unit.
    private void resolveTimed(FlushTimedHook hook, Exchange e) {
        FlushTimes times = flushTimes();
        int status = e.response.status();
        RequestHead h = e.head;
        java.util.Map<String, Object> attributes = e.attributes;
        boolean plain = attributes == null || attributes.isEmpty() || !attributes.containsKey(hook.keyAttribute());
        if (h.method != null && plain) {
            String route = e.outcome == dev.pronto.router.Outcome.MATCHED ? e.match.pattern() : null;
            int key = h.method.ordinal() << 12 | (h.http3 ? 3 : h.http2 ? 2 : h.http11 ? 1 : 0) << 10 | status;
            if (times.addRemembered(hook, route, key, e.startNanos)) {
                return;
            }
            hook.resolve(e.handle, status, times, e.startNanos);
            times.rememberLast();
            return;
        }
        hook.resolve(e.handle, status, times, e.startNanos);
    }

    private FlushTimes flushTimes() {
        FlushTimes t = flushTimes;
        if (t == null) {
            t = flushTimes = new FlushTimes(carrier.eventLoop().ticker());
        }
        return t;
    }

    /** The carrier wrote {@code e}'s response and is done with it: {@link #observe}, then {@link #finish}. */
    public void finishWritten(Exchange e) {
        observe(e);
        finish(e);
    }

    /** The carrier is done with {@code e} (written, or given up): recycled now or when the last hold goes. */
    public void finish(Exchange e) {
        releaseInFlight(e);
        e.finished = true;
        if (e.holds == 0) {
            settle(e);
        }
    }

    /**
     * The stream carrying {@code e} closed (HTTP/2, HTTP/3: both sides ended, or reset), the normal end of
     * every multiplexed exchange: a response already complete is only finished; one still open or under
     * way is aborted first, and a request body still arriving fails. Event loop.
     */
    public void ended(Exchange e) {
        if (e.abort() && e.stream != null) {
            e.stream.fail(new java.nio.channels.ClosedChannelException());
        }
        finish(e);
    }

    /** The connection is gone under {@code e}: as {@link #ended}, for an exchange whose connection closed. */
    public void abandon(Exchange e) {
        ended(e);
    }

    /**
     * One stream under {@code e} is given up while its connection lives on: aborts it and fails a body still
     * arriving, in a task of its own on {@code loop} since the caller may be that body's listener (inside
     * onChunk). Event loop.
     */
    public void abortStream(Exchange e, java.util.concurrent.Executor loop) {
        if (e.abort() && e.stream != null) {
            StreamingBody body = e.stream;
            loop.execute(() -> body.fail(new java.nio.channels.ClosedChannelException()));
        }
    }

    /** The connection closes: spares are dropped and aborted exchanges are freed from now on. Idempotent. */
    public void close() {
        flushed();
        closed = true;
        java.util.Arrays.fill(spares, 0, spareCount, null);
        spareCount = 0;
    }

    private void settle(Exchange e) {
        if (closed && e.state() == ExchangeState.ABORTED) {
            e.releaseResources();
            return;
        }
        e.recycle();
        if (!closed && spareCount < spares.length) {
            spares[spareCount++] = e;
        }
    }
}
