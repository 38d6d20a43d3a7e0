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
    private static final String H1 = "HTTP/1.1";
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
    void theRememberedTimerIsFoundForTheSameKeyOnly() {
        RequestTimer timer = nanos -> { };
        assertThat(times.remembered(owner, ROUTE, 200, H1)).isNull();
        times.remember(timer);

        assertThat(times.remembered(owner, ROUTE, 200, H1)).isSameAs(timer);
        assertThat(times.remembered(owner, ROUTE, 404, H1)).isNull();
    }

    @Test
    void anotherOwnerRouteOrProtocolMisses() {
        times.remembered(owner, ROUTE, 200, H1);
        times.remember(nanos -> { });

        assertThat(times.remembered(new Object(), ROUTE, 200, H1)).isNull();
        assertThat(times.remembered(owner, "/other", 200, H1)).isNull();
        assertThat(times.remembered(owner, ROUTE, 200, "HTTP/2.0")).isNull();
    }

    @Test
    void aMissForgetsThePreviousTimer() {
        times.remembered(owner, ROUTE, 200, H1);
        times.remember(nanos -> { });
        times.remembered(owner, ROUTE, 500, H1);

        assertThat(times.remembered(owner, ROUTE, 200, H1)).isNull();
        assertThat(times.remembered(owner, ROUTE, 200, H1)).isNull();
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
