package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.StartTogether;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.Test;

class RequestHistogramTest {
    private static final int PER_THREAD = 200_000;

    @Test
    void countsFromEveryEventLoopAndOtherThreadsAreSummed() throws Exception {
        RequestHistogram h = RequestHistogram.create();
        StartTogether.run(() -> {
            for (int i = 0; i < PER_THREAD; i++) {
                h.record(1_000);
            }
        }, FastThreadLocalThread::new, FastThreadLocalThread::new, FastThreadLocalThread::new, Thread::new);

        RequestHistogram.Snapshot read = h.snapshot();
        assertThat(read.count()).isEqualTo(4L * PER_THREAD);
        assertThat(read.sumNanos()).isEqualTo(4L * PER_THREAD * 1_000);
        assertThat(read.counts()[0]).isEqualTo(4L * PER_THREAD);
    }

    @Test
    void aRequestOnABucketBoundIsCountedInThatBucket() {
        RequestHistogram h = RequestHistogram.create();
        long[] bounds = RequestHistogram.boundsNanos();
        h.record(bounds[2]);
        h.record(bounds[2] + 1);
        h.record(Long.MAX_VALUE / 2);

        long[] counts = h.snapshot().counts();
        assertThat(counts[2]).isOne();
        assertThat(counts[3]).isOne();
        assertThat(counts[bounds.length]).isOne();
        assertThat(counts).hasSize(bounds.length + 1);
    }

    @Test
    void theMaxIsTheLongestRequestRecorded() throws Exception {
        RequestHistogram h = RequestHistogram.create();
        Thread loop = new FastThreadLocalThread(() -> {
            h.record(7_000_000);
            h.record(2_000_000);
        });
        loop.start();
        loop.join();
        h.record(3_000_000);

        assertThat(h.snapshot().maxNanos()).isEqualTo(7_000_000);
    }

    @Test
    void aSlotFreedByAnEndedLoopKeepsItsCountsForTheNextLoop() throws Exception {
        RequestHistogram h = RequestHistogram.create();
        for (int i = 0; i < 50; i++) {
            Thread loop = new FastThreadLocalThread(() -> h.record(1_000));
            loop.start();
            loop.join();
        }

        assertThat(h.snapshot().count()).isEqualTo(50);
    }
}
