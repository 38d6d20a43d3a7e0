package dev.pronto.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

/** Contention tests: one body on several threads, released together so they overlap, then all joined. */
public final class StartTogether {
    private StartTogether() {
    }

    /**
     * Runs {@code body} once on a thread from each of {@code makers} (a plain {@code Thread::new}, an event-loop-like
     * {@code FastThreadLocalThread::new}, ...); every thread waits until all have started, and this returns once all
     * have ended. A thread interrupted while waiting skips the body.
     */
    public static void run(Runnable body, ThreadFactory... makers) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (ThreadFactory maker : makers) {
            threads.add(maker.newThread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                body.run();
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
    }
}
