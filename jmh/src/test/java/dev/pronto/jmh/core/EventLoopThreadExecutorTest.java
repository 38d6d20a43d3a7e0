package dev.pronto.jmh.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.concurrent.FastThreadLocalThread;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventLoopThreadExecutorTest {
    private EventLoopThreadExecutor executor;

    @AfterEach
    void shutDown() throws InterruptedException {
        executor.shutdown();
        assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void taskRunsWhereNettySeesAnEventLoop() throws Exception {
        executor = new EventLoopThreadExecutor(1, "bench");
        Future<Boolean> onLoop = executor.submit(() ->
                ThreadExecutorMap.currentExecutor() != null && Thread.currentThread() instanceof FastThreadLocalThread);
        assertThat(onLoop.get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void asManyTasksAsLoopsRunAtOnce() throws Exception {
        executor = new EventLoopThreadExecutor(2, "bench");
        CyclicBarrier both = new CyclicBarrier(2);
        Future<Integer> first = executor.submit(() -> both.await(10, TimeUnit.SECONDS));
        Future<Integer> second = executor.submit(() -> both.await(10, TimeUnit.SECONDS));
        assertThat(first.get(10, TimeUnit.SECONDS) + second.get(10, TimeUnit.SECONDS)).isEqualTo(1);
    }

    @Test
    void taskSubmittedAsThePreviousCompletesWaitsForItsLoop() throws Exception {
        executor = new EventLoopThreadExecutor(1, "bench");
        int ran = 0;
        for (int i = 0; i < 2_000; i++) {
            ran += executor.submit(() -> 1).get(10, TimeUnit.SECONDS);
        }
        assertThat(ran).isEqualTo(2_000);
    }
}
