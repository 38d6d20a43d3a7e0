package dev.pronto.core.internal.util;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.RequestTimer;
import io.netty.util.concurrent.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FlushTimesTest {
    private static final String ROUTE = "/items/{id}";
    private final Object owner = new Object();
    private long now = 1_000;
    private final FlushTimes times = new FlushTimes(new Ticker() {
        @Override
        public long initialNanoTime() {
            return 0;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleep(long delay, TimeUnit unit) {
        }
    });

    @Test
    void theTimerAddedAfterAMissIsRememberedForTheSameKeyOnly() {
        List<Long> recorded = new ArrayList<>();
        RequestTimer timer = recorded::add;
        assertThat(times.addRemembered(owner, ROUTE, 200, 100)).isFalse();
        times.add(timer, 100);
        times.rememberLast();

        assertThat(times.addRemembered(owner, ROUTE, 200, 400)).isTrue();
        assertThat(times.addRemembered(owner, ROUTE, 404, 400)).isFalse();
        times.record();
        assertThat(recorded).containsExactly(900L, 600L);
    }

    @Test
    void anotherOwnerOrRouteMisses() {
        times.addRemembered(owner, ROUTE, 200, 100);
        times.add(nanos -> { }, 100);
        times.rememberLast();

        assertThat(times.addRemembered(new Object(), ROUTE, 200, 100)).isFalse();
        assertThat(times.addRemembered(owner, "/other", 200, 100)).isFalse();
    }

    @Test
    void aMissForgetsThePreviousTimer() {
        times.addRemembered(owner, ROUTE, 200, 100);
        times.add(nanos -> { }, 100);
        times.rememberLast();
        times.addRemembered(owner, ROUTE, 500, 100);

        assertThat(times.addRemembered(owner, ROUTE, 200, 100)).isFalse();
        assertThat(times.addRemembered(owner, ROUTE, 200, 100)).isFalse();
    }

    @Test
    void aFlushRecordsEveryWaitingTimingWithOneClockRead() {
        List<Long> recorded = new ArrayList<>();
        RequestTimer timer = recorded::add;
        times.add(timer, 100);
        times.add(timer, 400);
        now = 1_000;

        times.record();
        times.record();

        assertThat(recorded).containsExactly(900L, 600L);
    }
}
