package dev.pronto.core;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Event-loop lag ({@link MeterNames#EVENT_LOOP_LAG}): a task scheduled every {@value #PERIOD_MILLIS} ms on
 * each loop measures how late it runs. A loop that blocks or is overloaded shows as lag; an idle one
 * as about zero. Shared by the built-in metrics and the Micrometer binding.
 *
 * <p>Thread-safe. The sampling tasks end with the event loops.
 */
public final class EventLoopLag {
    /** The sampling period per loop. */
    public static final long PERIOD_MILLIS = 500;
    private final AtomicLong maxNanos = new AtomicLong();

    private EventLoopLag() {
    }

    /** Starts sampling every loop of {@code loops}, e.g. {@link Server#eventLoopGroup()} after start. */
    public static EventLoopLag sample(EventLoopGroup loops) {
        Objects.requireNonNull(loops, "loops");
        EventLoopLag lag = new EventLoopLag();
        long period = TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);
        for (EventExecutor loop : loops) {
            long[] expected = {System.nanoTime() + period};
            loop.scheduleAtFixedRate(() -> {
                long late = Math.max(0, System.nanoTime() - expected[0]);
                expected[0] += period;
                lag.maxNanos.accumulateAndGet(late, Math::max);
            }, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        }
        return lag;
    }

    /** The largest lag seen on any loop since the previous call, in seconds; resets it. */
    public double takeMaxSeconds() {
        return maxNanos.getAndSet(0) / 1e9;
    }
}
