package dev.pronto.core.internal.util;

import dev.pronto.core.Request;
import dev.pronto.core.ResponseHook;

/**
 * An {@code onResponse} hook that only times responses, so its clock read can wait for the carrier's flush: on a
 * carrier that flushes in batches, {@code ExchangePool.observe} calls {@link #resolve} instead of
 * {@link #handle}, and the flush records what it added with one clock read for the whole batch
 * ({@link FlushTimes}). Elsewhere it is an ordinary hook. Event loop.
 */
public interface FlushTimedHook extends ResponseHook {
    /**
     * Picks the timers of a response handed to the carrier while the request is still readable, and adds them to
     * {@code times} with {@code startNanos}; nothing is recorded yet. For a request whose attributes do not hold
     * {@link #keyAttribute()} it adds exactly one timing, whose timer depends only on the route pattern, method,
     * protocol and status: the pool then reuses it for the next such response with the same four without asking again.
     */
    void resolve(Request req, int status, FlushTimes times, long startNanos);

    /** The one request attribute that, when set, changes the timers {@link #resolve} picks (gRPC's status). */
    String keyAttribute();
}
