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
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(TIMEOUT).build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) {
        try {
            return send(path).get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("GET " + path + " got no response within " + TIMEOUT, e);
        }
    }
}
