package dev.pronto.core.internal.util;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * Warns when an event loop stops running its tasks: each loop stamps a heartbeat every quarter of the
 * threshold, and one daemon thread (not a loop: a blocked loop cannot report itself) checks the stamps. A loop
 * whose stamp is older than the threshold is logged once per stall, with its thread's stack, which shows
 * the handler blocking it. Vert.x's blocked-thread checker works the same way.
 */
public final class BlockedLoopWatch {
    private final List<Beat> beats = new ArrayList<>();
    private final List<ScheduledFuture<?>> stamps = new ArrayList<>();
    private final ScheduledExecutorService checker;
    private final long thresholdNanos;
    private final Logger log;

    /** One loop's heartbeat; written by the loop, read by the checker. */
    private static final class Beat {
        volatile long stampNanos = System.nanoTime();
        volatile Thread thread;
        boolean reported;
    }

    private BlockedLoopWatch(Duration threshold, Logger log) {
        this.thresholdNanos = threshold.toNanos();
        this.log = log;
        this.checker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread t = new Thread(task, "pronto-blocked-loop-check");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts watching every loop of {@code loops}; null when {@code threshold} is zero (off).
     *
     * @param loops the server's event loops
     * @param threshold how long a loop may go without running a task before the warning
     * @param log where the warning goes
     */
    public static BlockedLoopWatch start(EventExecutorGroup loops, Duration threshold, Logger log) {
        if (threshold.isZero()) {
            return null;
        }
        BlockedLoopWatch watch = new BlockedLoopWatch(threshold, log);
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(5), watch.thresholdNanos / 4);
        for (EventExecutor loop : loops) {
            Beat beat = new Beat();
            watch.beats.add(beat);
            watch.stamps.add(loop.scheduleAtFixedRate(() -> {
                beat.thread = Thread.currentThread();
                beat.stampNanos = System.nanoTime();
            }, 0, period, TimeUnit.NANOSECONDS));
        }
        watch.checker.scheduleAtFixedRate(watch::check, period, period, TimeUnit.NANOSECONDS);
        return watch;
    }

    /** Stops the checks; the loops' heartbeat tasks are cancelled. Any thread. */
    public void stop() {
        stamps.forEach(s -> s.cancel(false));
        checker.shutdownNow();
    }

    private void check() {
        long now = System.nanoTime();
        for (Beat beat : beats) {
            long stalled = now - beat.stampNanos;
            Thread thread = beat.thread;
            if (stalled < thresholdNanos || thread == null) {
                beat.reported = false;
                continue;
            }
            if (!beat.reported) {
                beat.reported = true;
                Throwable where = new Throwable("stack of " + thread.getName());
                where.setStackTrace(thread.getStackTrace());
                log.warn("Event loop {} has been blocked for {} ms (threshold {} ms): a handler or hook is blocking"
                        + " it; run blocking code on RouteOptions.blocking() routes. Its stack:", thread.getName(),
                        TimeUnit.NANOSECONDS.toMillis(stalled), TimeUnit.NANOSECONDS.toMillis(thresholdNanos), where);
            }
        }
    }
}
