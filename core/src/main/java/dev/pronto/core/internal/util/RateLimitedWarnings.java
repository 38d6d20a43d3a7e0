package dev.pronto.core.internal.util;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lets one warning of a kind through per interval and counts the others, so a hostile client or a
 * buggy handler cannot flood the log with one stack trace per request. Thread-safe.
 */
public final class RateLimitedWarnings {
    private static final long INTERVAL = TimeUnit.SECONDS.toNanos(10);
    private final AtomicLong next = new AtomicLong(System.nanoTime());
    private final AtomicInteger suppressed = new AtomicInteger();

    /**
     * Whether to log now; when true, {@link #suffix()} tells how many were held back since.
     */
    public boolean allow() {
        long now = System.nanoTime();
        long at = next.get();
        if (now - at >= 0 && next.compareAndSet(at, now + INTERVAL)) {
            return true;
        }
        suppressed.incrementAndGet();
        return false;
    }

    /** " (N similar not logged)" for the warnings held back since the last one, or "". */
    public String suffix() {
        int n = suppressed.getAndSet(0);
        return n == 0 ? "" : " (" + n + " similar not logged in the last " + TimeUnit.NANOSECONDS.toSeconds(INTERVAL) + " s)";
    }
}
