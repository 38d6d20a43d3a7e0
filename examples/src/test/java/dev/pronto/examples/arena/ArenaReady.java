package dev.pronto.examples.arena;

import dev.pronto.testsupport.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Waits until a started arena app reports itself ready: it connects to Postgres only once its listeners are
 * up, so a test that goes straight to the database could otherwise get "database unavailable" 503s.
 */
final class ArenaReady {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private ArenaReady() {
    }

    /** Polls {@code /health/ready} on {@code port} until it answers 200, for 30 s at most. */
    static void await(int port) {
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready")).build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            Await.until("the arena app ready", LIMIT, () -> status(client, ready) == 200);
        }
    }

    private static int status(HttpClient client, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
