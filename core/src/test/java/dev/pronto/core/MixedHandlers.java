package dev.pronto.core;

import dev.pronto.testsupport.Await;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The handlers of the stress tests, one per kind, each answering {@code /<kind>/<id>} with its id:
 * on the event loop, later from another thread, blocking on a virtual thread, answering and then
 * sending again later, racing two sends, answering and then throwing. Late and losing sends are
 * counted, since each must be refused.
 */
final class MixedHandlers implements AutoCloseable {
    static final String[] KINDS = {"loop", "async", "blocking", "late", "race", "throw"};
    final AtomicInteger lateRefused = new AtomicInteger();
    final AtomicInteger raceLost = new AtomicInteger();
    private final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);

    /** The path of request {@code id}, cycling through the kinds. */
    static String path(int id) {
        return "/" + KINDS[id % KINDS.length] + "/" + id;
    }

    void register(Routes r) {
        r.get("/loop/{id}", (req, res) -> res.send(req.param("id")))
                .get("/async/{id}", (req, res) -> {
                    String id = req.param("id");
                    res.async();
                    later.schedule(() -> res.send(id), Long.parseLong(id) % 3, TimeUnit.MILLISECONDS);
                })
                .get("/blocking/{id}", RouteOptions.blocking(), (req, res) -> {
                    // the handler's own work (50 µs on its virtual thread), not a wait for a condition
                    LockSupport.parkNanos(50_000);
                    res.send(req.param("id"));
                })
                .get("/late/{id}", (req, res) -> {
                    res.send(req.param("id"));
                    later.schedule(() -> refuse(() -> res.status(504).send("late"), lateRefused), 1, TimeUnit.MILLISECONDS);
                })
                .get("/race/{id}", (req, res) -> {
                    String id = req.param("id");
                    res.async();
                    CountDownLatch go = new CountDownLatch(1);
                    for (int i = 0; i < 2; i++) {
                        later.execute(() -> {
                            awaitQuietly(go);
                            refuse(() -> res.send(id), raceLost);
                        });
                    }
                    go.countDown();
                })
                .get("/throw/{id}", RouteOptions.blocking(), (req, res) -> {
                    res.send(req.param("id"));
                    throw new IllegalStateException("thrown after the answer");
                });
    }

    /** Waits (bounded) until both counters reached {@code each}. */
    void awaitRefusals(int each) throws InterruptedException {
        Await.within(Duration.ofSeconds(10), () -> lateRefused.get() >= each && raceLost.get() >= each);
    }

    @Override
    public void close() {
        later.shutdownNow();
    }

    private static void refuse(Runnable send, AtomicInteger refusals) {
        try {
            send.run();
        } catch (IllegalStateException expected) {
            refusals.incrementAndGet();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
