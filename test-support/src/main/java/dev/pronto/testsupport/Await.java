package dev.pronto.testsupport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waiting for a condition another thread makes true, with a deadline instead of a sleep: the condition is
 * checked at once, then again after parks that grow from 50 µs to 5 ms, so a fast condition costs
 * microseconds and a slow one does not spin a core. For tests; any thread.
 */
public final class Await {
    /** How long {@link #until(String, BooleanSupplier)} waits: long enough for a loaded CI machine. */
    public static final Duration DEFAULT = Duration.ofSeconds(10);
    private static final long FIRST_PARK = TimeUnit.MICROSECONDS.toNanos(50);
    private static final long LONGEST_PARK = TimeUnit.MILLISECONDS.toNanos(5);

    private Await() {
    }

    /**
     * Waits up to {@link #DEFAULT} for {@code condition}.
     *
     * @throws AssertionError naming {@code what} when it does not hold in time
     */
    public static void until(String what, BooleanSupplier condition) {
        until(what, DEFAULT, condition);
    }

    /**
     * Waits up to {@code max} for {@code condition}.
     *
     * @throws AssertionError naming {@code what} when it does not hold in time, or the thread is interrupted
     */
    public static void until(String what, Duration max, BooleanSupplier condition) {
        if (!within(max, condition)) {
            throw new AssertionError("not within " + max + ": " + what);
        }
    }

    /**
     * Waits up to {@code max} for {@code condition} and says whether it held: for a test that asserts on
     * something more telling than a timeout afterwards.
     *
     * @throws AssertionError when the thread is interrupted
     */
    public static boolean within(Duration max, BooleanSupplier condition) {
        long deadline = System.nanoTime() + max.toNanos();
        long park = FIRST_PARK;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(park);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting");
            }
            park = Math.min(park * 2, LONGEST_PARK);
        }
        return true;
    }
}
