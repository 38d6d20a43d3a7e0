package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Event-loop, async, blocking and misbehaving handlers mixed on multiplexed HTTP/2 streams (TLS,
 * ALPN h2, the JDK's client): every response belongs to its request, none is missing, and late
 * sends are refused instead of answering another stream.
 */
class Http2StressTest {
    private static final int REQUESTS = 2000;
    private static final int IN_FLIGHT = 64;
    private static final String[] KINDS = {"loop", "async", "blocking", "late", "throw"};

    private final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);
    private final AtomicInteger lateRefused = new AtomicInteger();
    private final Server server;

    Http2StressTest() {
        server = Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(this::routes)
                .build().start();
    }

    @AfterEach
    void stop() {
        server.close();
        later.shutdownNow();
    }

    private void routes(Routes r) {
        r.get("/loop/{id}", (req, res) -> res.send(req.param("id")))
                .get("/async/{id}", (req, res) -> {
                    String id = req.param("id");
                    res.async();
                    later.schedule(() -> res.send(id), Long.parseLong(id) % 3, TimeUnit.MILLISECONDS);
                })
                .get("/blocking/{id}", RouteOptions.blocking(), (req, res) -> {
                    LockSupport.parkNanos(50_000);
                    res.send(req.param("id"));
                })
                .get("/late/{id}", (req, res) -> {
                    res.send(req.param("id"));
                    later.schedule(() -> {
                        try {
                            res.status(504).send("late");
                        } catch (IllegalStateException refused) {
                            lateRefused.incrementAndGet();
                        }
                    }, 1, TimeUnit.MILLISECONDS);
                })
                .get("/throw/{id}", RouteOptions.blocking(), (req, res) -> {
                    res.send(req.param("id"));
                    throw new IllegalStateException("thrown after the answer");
                });
    }

    @Test
    void everyStreamGetsItsOwnResponse() throws Exception {
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .sslContext(TlsFixtures.clientContext()).build()) {
            Semaphore window = new Semaphore(IN_FLIGHT);
            List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
            for (int id = 0; id < REQUESTS; id++) {
                window.acquire();
                URI uri = URI.create("https://localhost:" + server.port() + "/" + KINDS[id % KINDS.length] + "/" + id);
                responses.add(client.sendAsync(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                        .whenComplete((r, e) -> window.release()));
            }
            for (int id = 0; id < REQUESTS; id++) {
                HttpResponse<String> r = responses.get(id).get(30, TimeUnit.SECONDS);
                assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
                assertThat(r.statusCode()).as("status of %d", id).isEqualTo(200);
                assertThat(r.body()).as("body of %d", id).isEqualTo(String.valueOf(id));
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (lateRefused.get() < REQUESTS / KINDS.length && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(lateRefused.get()).isEqualTo(REQUESTS / KINDS.length);
    }
}
