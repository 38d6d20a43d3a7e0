package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Event-loop, async, blocking and misbehaving handlers mixed on keep-alive and pipelined
 * connections over a real socket: every response belongs to its request and none is missing,
 * while late and racing sends are refused instead of answering someone else's request.
 */
class ExchangeStressTest {
    private static final int CONNECTIONS = 4;
    private static final int REQUESTS = 1000;
    private static final String[] KINDS = {"loop", "async", "blocking", "late", "race", "throw"};

    private final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);
    private final AtomicInteger lateRefused = new AtomicInteger();
    private final AtomicInteger raceLost = new AtomicInteger();
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1))
            .routes(this::routes)
            .build().start();

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

    private static String path(int conn, int i) {
        int id = conn * REQUESTS + i;
        return "/" + KINDS[id % KINDS.length] + "/" + id;
    }

    @Test
    void everyResponseBelongsToItsRequest() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CONNECTIONS * 2);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int c = 0; c < CONNECTIONS; c++) {
                int conn = c;
                results.add(clients.submit(() -> keepAlive(conn)));
                results.add(clients.submit(() -> pipelined(CONNECTIONS + conn)));
            }
            for (int c = 0; c < results.size(); c++) {
                int conn = c % 2 == 0 ? c / 2 : CONNECTIONS + c / 2;
                List<String> bodies = results.get(c).get(60, TimeUnit.SECONDS);
                assertThat(bodies).hasSize(REQUESTS);
                for (int i = 0; i < REQUESTS; i++) {
                    assertThat(bodies.get(i)).as("response %d on connection %d", i, conn)
                            .isEqualTo(String.valueOf(conn * REQUESTS + i));
                }
            }
        } finally {
            clients.shutdownNow();
        }
        int perKind = CONNECTIONS * 2 * REQUESTS / KINDS.length;
        awaitCount(lateRefused, perKind);
        awaitCount(raceLost, perKind);
    }

    private static void awaitCount(AtomicInteger counter, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (counter.get() < atLeast && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            Thread.sleep(1);
        }
        assertThat(counter.get()).isGreaterThanOrEqualTo(atLeast);
    }

    private List<String> keepAlive(int conn) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            List<String> bodies = new ArrayList<>(REQUESTS);
            for (int i = 0; i < REQUESTS; i++) {
                out.write(request(path(conn, i)));
                bodies.add(readBody(in));
            }
            return bodies;
        }
    }

    private List<String> pipelined(int conn) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            List<String> bodies = new ArrayList<>(REQUESTS);
            for (int i = 0; i < REQUESTS; i += 16) {
                for (int j = i; j < i + 16 && j < REQUESTS; j++) {
                    out.write(request(path(conn, j)));
                }
                for (int j = i; j < i + 16 && j < REQUESTS; j++) {
                    bodies.add(readBody(in));
                }
            }
            return bodies;
        }
    }

    private static byte[] request(String path) {
        return ("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads one response and returns its body; fails on anything but a 200 with Content-Length. */
    static String readBody(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed after: " + head);
            }
            head.append((char) b);
        }
        if (!head.toString().startsWith("HTTP/1.1 200 ")) {
            throw new IOException("unexpected response: " + head);
        }
        int at = head.indexOf("Content-Length: ") + 16;
        int length = Integer.parseInt(head.substring(at, head.indexOf("\r\n", at)));
        byte[] body = in.readNBytes(length);
        return new String(body, StandardCharsets.UTF_8);
    }
}
