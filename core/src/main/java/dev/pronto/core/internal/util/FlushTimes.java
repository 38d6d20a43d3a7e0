package dev.pronto.core.internal.util;

import dev.pronto.core.RequestTimer;
import io.netty.util.concurrent.Ticker;

/**
 * The request timings of one connection waiting for their responses' flush: a response handed to the connection is
 * added with its timer and start, and the carrier's flush records them all with one clock read, the time the
 * responses reached the socket. A pipelined batch of sixteen responses thus costs one clock read instead of sixteen.
 * Holds at most {@value #CAPACITY}; one more records the waiting ones first. Event loop only; allocation-free once
 * made (one per connection, on its first timed response).
 */
public final class FlushTimes {
    private static final int CAPACITY = 64;
    private final RequestTimer[] timers = new RequestTimer[CAPACITY];
    private final long[] starts = new long[CAPACITY];
    private final Ticker clock;
    private int size;
    // The last series a response of this connection resolved to. Pipelined responses of one route repeat it, and
    // comparing four identities costs less than the series cache's lookup (uri tag, hash map, method, scan).
    private Object memoOwner;
    private String memoRoute;
    private int memoKey;
    private String memoProtocol;
    private RequestTimer memoTimer;

    /** Timings on {@code clock}, the connection's event-loop ticker. */
    public FlushTimes(Ticker clock) {
        this.clock = clock;
    }

    /** Times a response that started at {@code startNanos} (the carrier's loop clock) when it is flushed. */
    public void add(RequestTimer timer, long startNanos) {
        if (size == CAPACITY) {
            record();
        }
        // Skipping the store when the slot holds this timer already (a pipelined batch fills the same slots with the
        // same series again and again) spares the collector's write barrier a card mark per request.
        if (timers[size] != timer) {
            timers[size] = timer;
        }
        starts[size] = startNanos;
        size++;
    }

    /**
     * The timer {@link #remember} stored for this owner (the recorder), route pattern, key (method and status) and
     * protocol tag, all compared by identity; else null, and the key is noted for the next {@link #remember}.
     */
    public RequestTimer remembered(Object owner, String route, int key, String protocol) {
        if (owner == memoOwner && route == memoRoute && key == memoKey && protocol == memoProtocol) {
            return memoTimer;
        }
        memoOwner = owner;
        memoRoute = route;
        memoKey = key;
        memoProtocol = protocol;
        memoTimer = null;
        return null;
    }

    /** The timer of the key the last {@link #remembered} call did not find. */
    public void remember(RequestTimer timer) {
        memoTimer = timer;
    }

    /** Records every waiting timing as ending now. */
    public void record() {
        int n = size;
        if (n == 0) {
            return;
        }
        size = 0;
        long now = clock.nanoTime();
        for (int i = 0; i < n; i++) {
            // Left in place for the next batch: timers are the server's long-lived series, at most CAPACITY of them.
            timers[i].record(Math.max(0, now - starts[i]));
        }
    }
}
