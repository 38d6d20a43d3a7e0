package dev.pronto.core.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.RateLimitStore;
import org.junit.jupiter.api.Test;

/** Bucket math on a fake clock (nanoseconds from 0), and the table's memory bound. */
class TokenTableTest {
    private static final long MS = 1_000_000L;
    /** 10 per second, bursts of 3. */
    private static final RateLimitStore.Rate RATE = new RateLimitStore.Rate(3, 100 * MS);

    private final TokenTable table = new TokenTable(64, 0);

    @Test
    void aFreshKeyMayBurstThenIsRefused() {
        assertThat(table.take(1, null, RATE, 0)).isEqualTo(2);
        assertThat(table.take(1, null, RATE, 0)).isEqualTo(1);
        assertThat(table.take(1, null, RATE, 0)).isEqualTo(0);
        assertThat(table.take(1, null, RATE, 0)).isNegative();
    }

    @Test
    void aRefusalSaysWhenTheNextPermitComes() {
        for (int i = 0; i < 3; i++) {
            table.take(1, null, RATE, 0);
        }

        assertThat(table.take(1, null, RATE, 30 * MS)).isEqualTo(-70 * MS);
    }

    @Test
    void onePermitComesBackPerInterval() {
        for (int i = 0; i < 3; i++) {
            table.take(1, null, RATE, 0);
        }

        assertThat(table.take(1, null, RATE, 100 * MS)).isEqualTo(0);
        assertThat(table.take(1, null, RATE, 100 * MS)).isNegative();
        assertThat(table.take(1, null, RATE, 200 * MS)).isEqualTo(0);
    }

    @Test
    void anIdleBucketRefillsOnlyUpToTheBurst() {
        table.take(1, null, RATE, 0);

        assertThat(table.take(1, null, RATE, 60_000 * MS)).isEqualTo(2);
    }

    @Test
    void keysHaveTheirOwnBuckets() {
        for (int i = 0; i < 3; i++) {
            table.take(1, null, RATE, 0);
        }

        assertThat(table.take(2, null, RATE, 0)).isEqualTo(2);
    }

    @Test
    void grantsNeverExceedTheRateOverALongRun() {
        long granted = 0;
        for (long t = 0; t < 10_000 * MS; t += MS) {
            if (table.take(7, null, RATE, t) >= 0) {
                granted++;
            }
        }

        assertThat(granted).isEqualTo(3 + 99);  // the burst, then one per 100 ms for 9.999 s
    }

    @Test
    void sprayedKeysNeitherGrowTheTableNorResetALimitedKey() {
        for (int i = 0; i < 3; i++) {
            table.take(1, null, RATE, 0);
        }
        long sprayGranted = 0;
        for (long k = 1000; k < 101_000; k++) {
            if (table.take(k, null, RATE, 0) >= 0) {
                sprayGranted++;
            }
        }

        assertThat(table.capacity()).isEqualTo(64);
        assertThat(table.take(1, null, RATE, 0)).isNegative();
        // 64 slots of 3 permits, plus the overflow bucket all other keys share
        assertThat(sprayGranted).isLessThanOrEqualTo(64 * 3 + 3);
    }

    @Test
    void idleKeysMakeRoomForNewOnes() {
        for (long k = 1000; k < 2000; k++) {
            table.take(k, null, RATE, 0);
        }
        long later = 60_000 * MS;
        long granted = 0;
        for (long k = 5000; k < 5064; k++) {
            if (table.take(k, null, RATE, later) == 2) {
                granted++;
            }
        }

        assertThat(granted).isGreaterThan(32);  // each found a slot of its own: most of the table
    }

    @Test
    void threadsRacingForOneKeyNeverGetMoreThanTheBucketHolds() throws Exception {
        RateLimitStore.Rate rate = new RateLimitStore.Rate(10, 1_000);  // one per microsecond
        java.util.concurrent.atomic.AtomicLong granted = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (long us = 1; us <= 200_000; us++) {  // the clock each thread reads moves on
                    if (table.take(9, null, rate, us * 1_000) >= 0) {
                        granted.incrementAndGet();
                    }
                }
            });
            threads[t].start();
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }

        assertThat(granted.get()).isBetween(190_000L, 200_000L + 10);  // at most one per microsecond plus the burst
    }

    @Test
    void sizeOutsideItsRangeIsRefused() {
        assertThatThrownBy(() -> new TokenTable(8, 0)).hasMessageContaining("maxKeys").hasMessageContaining("8");
    }
}
