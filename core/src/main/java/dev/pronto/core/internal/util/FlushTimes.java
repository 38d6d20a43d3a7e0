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
    // comparing three identities costs less than asking the hook (the request's fields through its handle, then the
    // series cache's lookup: uri tag, hash map, method, scan).
    private Object memoOwner;
    private String memoRoute;
    private int memoKey;
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
     * Adds a timing of {@code startNanos} to the timer remembered for this owner (the hook), route pattern and key
     * (method, protocol and status), all compared by identity, and returns true; else notes the key for
     * {@link #rememberLast} and returns false, adding nothing.
     */
    public boolean addRemembered(Object owner, String route, int key, long startNanos) {
        if (owner == memoOwner && route == memoRoute && key == memoKey && memoTimer != null) {
            add(memoTimer, startNanos);
            return true;
        }
        memoOwner = owner;
        memoRoute = route;
        memoKey = key;
        memoTimer = null;
        return false;
    }

    /** Remembers the timer added last for the key the last {@link #addRemembered} call did not find. */
    public void rememberLast() {
        memoTimer = size == 0 ? null : timers[size - 1];
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
