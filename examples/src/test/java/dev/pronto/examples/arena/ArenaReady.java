package dev.pronto.examples.arena;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until a started arena app reports itself ready: it connects to Postgres only once its listeners are
 * up, so a test that goes straight to the database could otherwise get "database unavailable" 503s.
 */
final class ArenaReady {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private ArenaReady() {
    }

    /** Polls {@code /health/ready} on {@code port} every 20 ms until it answers 200, for 30 s at most. */
    static void await(int port) throws Exception {
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready")).build();
        long end = System.nanoTime() + LIMIT.toNanos();
        try (HttpClient client = HttpClient.newHttpClient()) {
            while (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("the arena app was not ready within " + LIMIT);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
        }
    }
}
