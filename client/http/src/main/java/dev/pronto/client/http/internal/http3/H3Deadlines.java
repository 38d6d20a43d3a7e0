package dev.pronto.client.http.internal.http3;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The deadlines of a link's calls: an intrusive list checked by one periodic tick while it is not empty,
 * rather than a timer per request (whose scheduling and cancelling showed in profiles of the load driver).
 * A deadline is noticed up to one period late. Event loop only.
 */
final class H3Deadlines {
    private final EventLoop loop;
    private final long periodNanos;
    private final Consumer<H3Call> expired;
    private H3Call first;
    private ScheduledFuture<?> ticker;

    /** Ticks every tenth of {@code timeoutNanos}, within 1..100 ms; {@code expired} gets each call past its deadline. */
    H3Deadlines(EventLoop loop, long timeoutNanos, Consumer<H3Call> expired) {
        this.loop = loop;
        this.periodNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1), Math.min(timeoutNanos / 10, TimeUnit.MILLISECONDS.toNanos(100)));
        this.expired = expired;
    }

    void track(H3Call c) {
        c.deadlines = this;
        c.prev = null;
        c.next = first;
        if (first != null) {
            first.prev = c;
        }
        first = c;
        if (ticker == null) {
            ticker = loop.scheduleAtFixedRate(this::tick, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
        }
    }

    void untrack(H3Call c) {
        if (c.deadlines != this) {
            return;
        }
        if (c.prev != null) {
            c.prev.next = c.next;
        } else {
            first = c.next;
        }
        if (c.next != null) {
            c.next.prev = c.prev;
        }
        c.prev = null;
        c.next = null;
        c.deadlines = null;
    }

    private void tick() {
        long now = System.nanoTime();
        for (H3Call c = first; c != null; ) {
            H3Call next = c.next;
            if (c.deadline - now <= 0) {
                untrack(c);
                expired.accept(c);
            }
            c = next;
        }
        if (first == null) {
            stop();
        }
    }

    void stop() {
        if (ticker != null) {
            ticker.cancel(false);
            ticker = null;
        }
    }
}
