package dev.pronto.core.internal;

import dev.pronto.router.RouteMatch;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One request and its response, carried by a {@link Carrier} (an HTTP/1.1 connection today).
 * Pooled per carrier; its lifecycle is the state machine of {@link ExchangeState}. User code never
 * sees this object, only the {@link ExchangeHandle} of one generation.
 */
final class Exchange {
    private static final VarHandle STAMP;
    private static final VarHandle CANCEL;

    static {
        try {
            STAMP = MethodHandles.lookup().findVarHandle(Exchange.class, "stamp", int.class);
            CANCEL = MethodHandles.lookup().findVarHandle(Exchange.class, "cancelAction", Runnable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Carrier carrier;
    final ServerContext server;
    final RequestHead head = new RequestHead();
    final AsciiView path = new AsciiView();
    final RouteMatch<RouteEntry> match;
    final ServerRequest request;
    final ServerResponse response;
    /** Generation and state; see {@link ExchangeState}. Changed by CAS only. */
    private volatile int stamp;
    /** Run once if this generation is aborted ({@code Response.onCancel}); taken by whoever runs it. */
    private volatile Runnable cancelAction;
    /** The view handed to user code for the current generation. */
    ExchangeHandle handle;

    /** The dispatcher's holds: while above zero, hooks or the handler may still use this exchange (event loop only). */
    int holds;
    /** The carrier is done with it (response written and observed); recycle once no hold is left. */
    boolean finished;
    /** The complete body, owned by this exchange (released on recycle); null when none. */
    ByteBuf body;
    /** The hooks and error handlers in force: the root scope, or the matched route's group. */
    Lifecycle life = Lifecycle.EMPTY;
    /** The route chosen by routing, or null. */
    RouteEntry route;
    /** Result of the route lookup, null until routed. */
    dev.pronto.router.Outcome outcome;
    /** When dispatch began, if anything needs timing; else 0. */
    long startNanos;
    /** When the head arrived, on the carrier's clock (for the response timeout). */
    long receivedNanos;
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

    // In-order delivery on an HTTP/1.1 connection (ResponseQueue).
    /** Written straight to the channel: nothing was queued ahead of it when it was dispatched. */
    boolean direct;
    /**
     * Nothing more may be read for this request after its response: HTTP/1.1 closes the connection,
     * HTTP/2 resets the stream if the client is still sending.
     */
    boolean closeAfter;
    /** Encoded response parts waiting for their turn (ByteBuf or FileRegion). */
    Object out1;
    Object out2;
    /** Chunks of a streamed response produced while not at the head of the queue. */
    java.util.ArrayDeque<Object> held;
    Exchange next;

    // HTTP/2 (H2Connection).
    /** The stream carrying this exchange. */
    int streamId;
    /** The body length and default type given to {@code head()}, applied when the response completes. */
    long h2Length;
    String h2Type;
    /** While the body arrives: when the head and the latest DATA came, on the connection's reading clock. */
    long h2BodyStart;
    long h2LastData;

    // Teleport (TeleportConnection).
    /** The id of the request message, written before its response; 0: fire-and-forget, no response. */
    int teleportId;
    /** Index in the teleport connection's list of requests in flight; -1 when not in it. */
    int teleportSlot = -1;

    Exchange(Carrier carrier, ServerContext server) {
        this.carrier = carrier;
        this.server = server;
        this.match = server.routes().router().newMatch();
        this.request = new ServerRequest(this);
        this.response = new ServerResponse(this);
    }

    int stamp() {
        return stamp;
    }

    int state() {
        return ExchangeState.state(stamp);
    }

    /** Starts a new generation's handle for a freshly parsed request (event loop). */
    ExchangeHandle open() {
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

    /** RESPONDING → COMPLETE: the carrier has the whole response (event loop). */
    void completed() {
        int s = stamp;
        if (ExchangeState.state(s) == ExchangeState.RESPONDING) {
            STAMP.compareAndSet(this, s, ExchangeState.stamp(ExchangeState.generation(s), ExchangeState.COMPLETE));
        }
    }

    /** Any unsettled state → ABORTED; false when already settled. Any thread. */
    boolean abort() {
        for (;;) {
            int s = stamp;
            if (ExchangeState.settled(ExchangeState.state(s))) {
                return false;
            }
            if (STAMP.compareAndSet(this, s, ExchangeState.stamp(ExchangeState.generation(s), ExchangeState.ABORTED))) {
                runCancel();
                return true;
            }
        }
    }

    /** Registers the cancel action of the current generation; runs it at once if already aborted. */
    void onCancel(Runnable action) {
        cancelAction = action;
        if (state() == ExchangeState.ABORTED) {
            runCancel();
        }
    }

    private void runCancel() {
        // getAndSet: the aborting thread and a late registration race for it; exactly one runs it
        Runnable action = (Runnable) CANCEL.getAndSet(this, (Runnable) null);
        if (action != null) {
            try {
                action.run();
            } catch (RuntimeException ignored) {
                // the exchange is gone either way; a failing listener must not break the carrier's cleanup
            }
        }
    }

    boolean settled() {
        return ExchangeState.settled(state());
    }

    /** Frees what this generation held and starts the next one (event loop; settled and not held). */
    void recycle() {
        releaseResources();
        outcome = null;
        route = null;
        life = Lifecycle.EMPTY;
        startNanos = 0;
        receivedNanos = 0;
        bytesOut = 0;
        if (attributes != null) {
            // kept for the next generation: a pooled exchange then sets attributes without a new map
            attributes.clear();
        }
        CANCEL.setRelease(this, (Runnable) null);
        asyncRequested = false;
        finished = false;
        direct = false;
        closeAfter = false;
        next = null;
        response.clear();
        int s = stamp;
        // A release store, not a fenced one: a stale caller's CAS sees either this or the settled
        // state before it, and neither lets it act.
        STAMP.setRelease(this, ExchangeState.stamp(ExchangeState.generation(s) + 1, ExchangeState.RECEIVED));
    }

    /** Releases buffers and bodies without starting a new generation (the carrier closed). */
    void releaseResources() {
        if (body != null) {
            body.release();
            body = null;
        }
        release(out1);
        release(out2);
        out1 = null;
        out2 = null;
        if (held != null) {
            held.forEach(Exchange::release);
            held.clear();
        }
        if (stream != null) {
            stream.abandon();
            stream = null;
        }
    }

    static void release(Object o) {
        if (o instanceof ChunkedWriter.PromisedChunk chunk) {
            chunk.buf().release();
            chunk.done().completeExceptionally(new java.nio.channels.ClosedChannelException());
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
}
