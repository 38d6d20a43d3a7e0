package dev.pronto.client.pg;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Real-socket HTTP/1.1 requests with a bounded wait, so a hanging server fails the test instead of hanging it. */
final class Http {
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();
    private final int port;

    Http(int port) {
        this.port = port;
    }

    CompletableFuture<HttpResponse<String>> send(String path) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(TIMEOUT).build());
    }

    private CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) {
        return await("GET " + path, send(path));
    }

    HttpResponse<String> post(String path) {
        return await("POST " + path, send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(TIMEOUT).POST(HttpRequest.BodyPublishers.noBody()).build()));
    }

    private static HttpResponse<String> await(String what, CompletableFuture<HttpResponse<String>> sent) {
        try {
            return sent.get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError(what + " got no response within " + TIMEOUT, e);
        }
    }
}
