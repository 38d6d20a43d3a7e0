package dev.pronto.client.pg;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closed-loop HTTP load from a few virtual threads: each sends a request, waits for its response
 * (at most {@link Http#TIMEOUT}) and sends the next. Counts statuses; a request without a
 * response in time is recorded as a failure.
 */
@SuppressWarnings("try") // close() waits for the requests under way, so it may be interrupted
final class Load implements AutoCloseable {
    private final Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private volatile boolean running = true;

    Load(Http http, String path, int workers) {
        for (int i = 0; i < workers; i++) {
            threads.execute(() -> {
                while (running) {
                    try {
                        HttpResponse<String> response = http.send(path).get(Http.TIMEOUT.toMillis() + 1000,
                                TimeUnit.MILLISECONDS);
                        statuses.computeIfAbsent(response.statusCode(), k -> new AtomicLong()).incrementAndGet();
                    } catch (Exception e) {
                        failures.add(e);
                    }
                }
            });
        }
    }

    long count(int status) {
        AtomicLong n = statuses.get(status);
        return n == null ? 0 : n.get();
    }

    Map<Integer, AtomicLong> statuses() {
        return statuses;
    }

    List<Throwable> failures() {
        return failures;
    }

    /** Stops sending and waits for the requests in flight. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        threads.shutdown();
        if (!threads.awaitTermination(Http.TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("load threads did not finish");
        }
    }
}
