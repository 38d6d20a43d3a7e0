package dev.pronto.client.pg;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded polling: waits for a condition, failing the test with {@code what} when it never holds. */
final class Await {
    private Await() {
    }

    static void until(String what, Duration max, BooleanSupplier condition) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + max + ": " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }
}
