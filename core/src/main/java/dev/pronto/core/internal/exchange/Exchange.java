package dev.pronto.core.internal.exchange;

import dev.pronto.core.internal.util.AsciiView;
import dev.pronto.router.RouteMatch;
import dev.pronto.wire.HeadBytes;
import dev.pronto.wire.Http1Head;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One request and its response, carried by a {@link Carrier} (an HTTP/1.1 connection, an HTTP/2
 * stream, a teleport message), with no protocol state of its own: that is in its {@link #slot}.
 * Pooled per carrier; its lifecycle is the state machine of {@link ExchangeState}. User code never
 * sees this object, only the {@link ExchangeHandle} of one generation.
 */
public final class Exchange implements Http1Head.Source {
    private static final VarHandle STAMP;

    static {
        try {
            STAMP = MethodHandles.lookup().findVarHandle(Exchange.class, "stamp", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public final Carrier carrier;
    private final ExchangePool pool;
    public final ExchangeContext server;
    public final RequestHead head = new RequestHead();
    final AsciiView path = new AsciiView();
    public final RouteMatch<RouteEntry> match;
    public final ServerRequest request;
    public final ServerResponse response;
    /** Generation and state; see {@link ExchangeState}. Changed by CAS only. */
    private volatile int stamp;
    /** {@code Response.onCancel}'s action, with the generation it belongs to; null when none ({@link CancelSlot}). */
    volatile CancelSlot.Registered cancelHeld;
    /** The view handed to user code for the current generation. */
    ExchangeHandle handle;

    /** The dispatcher's holds: while above zero, hooks or the handler may still use this exchange ({@link ExchangePool}). */
    int holds;
    /** The carrier is done with it (response written and observed); recycled once no hold is left ({@link ExchangePool}). */
    boolean finished;
    /** The complete body, owned by this exchange (released on recycle); null when none. */
    ByteBuf body;
    /** The hooks and error handlers in force: the root scope, or the matched route's group. */
    Lifecycle life = Lifecycle.EMPTY;
    /** The route chosen by routing, or null. */
    RouteEntry route;
    /** Result of the route lookup, null until routed. */
    dev.pronto.router.Outcome outcome;
    /**
     * When the head arrived (the carrier's read that completed it), on the carrier's loop clock, or when dispatch
     * began for a carrier that does not say; 0 until then. The request timers count from it.
     */
    long startNanos;
    /** When dispatch began, on the carrier's loop clock, if {@code maxQueueTime} is set; else 0. */
    long dispatchedNanos;
    /** When the head arrived, on the carrier's clock (for the response timeout). */
    long receivedNanos;
    /** The caller's deadline on the carrier's loop clock ({@link RequestDeadline}); 0 when none. */
    long deadlineNanos;
    /** Answers 504 at {@link #deadlineNanos}; null when no deadline was sent. */
    io.netty.util.concurrent.Future<?> deadlineTask;
    /** Bytes of the encoded response, -1 when streamed. */
    long bytesOut;
    /** Counted against {@code maxInFlight}. */
    boolean inFlight;
    /** The handler asked to answer later (set and read by the thread running the chain). */
    boolean asyncRequested;
    /** Request attributes set by hooks and handlers; null until first set, then cleared per generation. */
    java.util.Map<String, Object> attributes;
    /** The body of a streaming route, fed by the decoder as it arrives; null otherwise. */
    StreamingBody stream;
    /** Deletes this generation's upload files ({@code req.multipart()}); null when there are none. */
    Runnable uploads;

    /**
     * Nothing more may be read for this request after its response: HTTP/1.1 closes the connection,
     * HTTP/2 resets the stream if the client is still sending.
     */
    boolean closeAfter;
    /** The carrier's protocol state for this exchange, made with it and cleared with each generation. */
    public final ExchangeSlot slot;

    /** Made by {@link ExchangePool#obtain()} only. */
    Exchange(ExchangePool pool, ExchangeContext server, ExchangeSlot slot) {
        this.pool = pool;
        this.carrier = pool.carrier;
        this.slot = slot;
        this.server = server;
        this.match = server.routes().router().newMatch();
        this.request = new ServerRequest(this);
        this.response = new ServerResponse(this);
    }

    /** The pool that made this exchange: where its holds are released and a broken response aborted, from any thread. */
    public ExchangePool pool() {
        return pool;
    }

    // ---- the per-generation fields carriers set and read (rules in ExchangeState) ----

    /** The view handed to user code for the current generation (set by {@link #open()}). */
    public ExchangeHandle handle() {
        return handle;
    }

    /** The complete request body, owned by this exchange; null when none (or streamed). */
    public ByteBuf body() {
        return body;
    }

    /** Gives this exchange {@code b} as its complete request body; it is released when the exchange is recycled. */
    public void body(ByteBuf b) {
        body = b;
    }

    /** Takes the complete request body away (its owner is now the caller), or null. */
    public ByteBuf takeBody() {
        ByteBuf b = body;
        body = null;
        return b;
    }

    /** The route lookup's result, null until routed. */
    public dev.pronto.router.Outcome outcome() {
        return outcome;
    }

    /** Request attributes set by hooks and handlers; null when none was ever set. */
    public java.util.Map<String, Object> attributes() {
        return attributes;
    }

    /** The request is answered before routing (a framing error, a limit): the root scope's hooks apply. */
    public void atRootScope() {
        life = server.routes().root();
    }

    /** When the head arrived, on the carrier's clock. */
    public long receivedNanos() {
        return receivedNanos;
    }

    /**
     * The request arrived at {@code nanos} on the carrier's loop clock (the response timeout counts from it): its
     * head, or later the end of its body. The first call also starts the request's timing, so timing a request
     * costs no clock read of its own.
     */
    public void received(long nanos) {
        receivedNanos = nanos;
        if (startNanos == 0) {
            startNanos = nanos;
        }
    }

    /** Bytes of the encoded response, -1 when streamed. */
    public long bytesOut() {
        return bytesOut;
    }

    /** The carrier wrote {@code n} bytes for this response ({@code -1}: streamed), for {@code onResponse} hooks. */
    public void bytesOut(long n) {
        bytesOut = n;
    }

    /** The streamed request body of a streaming route, or null. */
    public StreamingBody stream() {
        return stream;
    }

    /** The decoder feeds this request's body to {@code body} as it arrives (a streaming route). */
    public void stream(StreamingBody body) {
        stream = body;
    }

    /** Whether nothing more may be read for this request after its response. */
    public boolean closeAfter() {
        return closeAfter;
    }

    /** Nothing more may be read for this request after its response; kept until the exchange is recycled. */
    public void closeAfterResponse() {
        closeAfter = true;
    }

    @Override
    public int head(HeadBytes out, CharSequence defaultType) {
        int status = response.status();
        boolean bodiless = Status.bodiless(status);
        out.bytes(Status.line(status, head.http11));
        response.headers().encode(out, bodiless ? null : defaultType);
        int flags = bodiless ? Http1Head.Source.BODILESS : 0;
        if (!head.http11) {
            flags |= Http1Head.Source.HTTP10;
        }
        return closes() ? flags | Http1Head.Source.CLOSES : flags;
    }

    /**
     * Decides, for an HTTP/1.1 head, whether the connection closes after this response, and keeps it.
     * A draining carrier has said so already ({@link #closeAfterResponse}) before encoding.
     */
    private boolean closes() {
        if (stream != null && !stream.finished()) {
            // the rest of the request body would be read as the next request: close after this one
            closeAfter = true;
        }
        return closeAfter;
    }

    public int stamp() {
        return stamp;
    }

    public int state() {
        return ExchangeState.state(stamp);
    }

    /** Starts a new generation's handle for a freshly parsed request (event loop). */
    public ExchangeHandle open() {
        ExchangeHandle h = new ExchangeHandle(this, ExchangeState.generation(stamp));
        handle = h;
        return h;
    }

    /** RECEIVED → DISPATCHED (event loop). */
    void dispatched() {
        int s = stamp;
        if (ExchangeState.state(s) == ExchangeState.RECEIVED) {
            // No CAS: until the chain starts, this generation's handle has reached no other thread, and
            // the carrier's own transitions run on this one; a fenced write per request is measurable.
            STAMP.setRelease(this, ExchangeState.stamp(ExchangeState.generation(s), ExchangeState.DISPATCHED));
        }
    }

    /**
     * Claims the response for generation {@code gen}: open → RESPONDING. Any thread; exactly one
     * caller wins.
     *
     * @return true for the winner
     */
    boolean begin(int gen) {
        for (;;) {
            int s = stamp;
            if (ExchangeState.generation(s) != gen || !ExchangeState.open(ExchangeState.state(s))) {
                return false;
            }
            if (STAMP.compareAndSet(this, s, ExchangeState.stamp(gen, ExchangeState.RESPONDING))) {
                return true;
            }
        }
    }

    /** RESPONDING → COMPLETE: the carrier has the whole response (any thread; on the loop without a fence). */
    public void completed() {
        int s = stamp;
        if (ExchangeState.state(s) != ExchangeState.RESPONDING) {
            return;
        }
        int complete = ExchangeState.stamp(ExchangeState.generation(s), ExchangeState.COMPLETE);
        if (carrier != null && carrier.eventLoop().inEventLoop()) {
            // In RESPONDING only abort and completed write the stamp, and abort runs on this loop alone: nobody
            // else can write it now, and a locked compare-and-set per response is measurable.
            STAMP.setRelease(this, complete);
        } else {
            STAMP.compareAndSet(this, s, complete);
        }
    }

    /** Any unsettled state → ABORTED; false when already settled. Event loop (see {@link #completed}). */
    public boolean abort() {
        assert carrier == null || carrier.eventLoop().inEventLoop() : "an exchange is aborted on its carrier's loop";
        for (;;) {
            int s = stamp;
            if (ExchangeState.settled(ExchangeState.state(s))) {
                return false;
            }
            if (STAMP.compareAndSet(this, s, ExchangeState.stamp(ExchangeState.generation(s), ExchangeState.ABORTED))) {
                CancelSlot.run(this, ExchangeState.generation(s));
                return true;
            }
        }
    }

    /** Registers generation {@code gen}'s cancel action; runs it at once if that generation is already aborted. */
    void onCancel(int gen, Runnable action) {
        CancelSlot.register(this, gen, action);
    }

    /** Takes the current generation's cancel action, for the caller to run (the server answering a passed deadline). */
    Runnable takeCancel() {
        return CancelSlot.take(this, ExchangeState.generation(stamp));
    }

    public boolean settled() {
        return ExchangeState.settled(state());
    }

    /** Frees what this generation held and starts the next one (event loop; settled and not held). */
    public void recycle() {
        releaseResources();
        outcome = null;
        route = null;
        life = Lifecycle.EMPTY;
        startNanos = 0;
        dispatchedNanos = 0;
        receivedNanos = 0;
        deadlineNanos = 0;
        bytesOut = 0;
        if (attributes != null) {
            // kept for the next generation: a pooled exchange then sets attributes without a new map
            attributes.clear();
        }
        CancelSlot.clear(this);
        asyncRequested = false;
        finished = false;
        closeAfter = false;
        response.clear();
        int s = stamp;
        // A release store, not a fenced one: a stale caller's CAS sees either this or the settled
        // state before it, and neither lets it act.
        STAMP.setRelease(this, ExchangeState.stamp(ExchangeState.generation(s) + 1, ExchangeState.RECEIVED));
    }

    /** Releases buffers and bodies without starting a new generation (the carrier closed). */
    public void releaseResources() {
        if (deadlineTask != null) {
            deadlineTask.cancel(false);
            deadlineTask = null;
        }
        if (body != null) {
            body.release();
            body = null;
        }
        slot.clear();
        if (stream != null) {
            stream.abandon();
            stream = null;
        }
        if (uploads != null) {
            Runnable discard = uploads;
            uploads = null;
            discard.run();
        }
    }

    public static void release(Object o) {
        if (o instanceof HeldPart part) {
            part.drop();
        } else if (o instanceof io.netty.handler.stream.ChunkedInput<?> in) {
            try {
                in.close();
            } catch (Exception ignored) {
                // the file is dropped either way; nothing more to do for one that fails to close
            }
        } else if (o != null) {
            ReferenceCountUtil.release(o);
        }
    }

    /**
     * A response part queued for writing that owns more than a buffer (HTTP/1.1's promised chunk: a future
     * a writer waits on). Whoever drops it unwritten calls {@link #drop()} instead of releasing it. Event loop.
     */
    public interface HeldPart {
        /** Releases what it holds and fails whoever waits for it to be written. */
        void drop();
    }
}
