package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.Await;
import dev.pronto.testsupport.H3TestClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The HTTP/3 listener end to end: a real QUIC client over UDP on 127.0.0.1, through the same routes as every protocol. */
class Http3ServerTest {
    private Server server;
    private H3TestClient client;

    private H3TestClient start(Consumer<Routes> routes) throws Exception {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(routes).build().start();
        client = new H3TestClient(server.ports().getFirst());
        return client;
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.stop(java.time.Duration.ZERO);
        }
    }

    @Test
    void getIsAnsweredWithStatusHeadersAndBody() throws Exception {
        H3TestClient c = start(r -> r.get("/hi", (req, res) -> res.header("x-a", "1").send("hello " + req.protocol())));

        H3TestClient.Response r = c.get("/hi");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.text()).isEqualTo("hello HTTP/3.0");
        assertThat(r.header("x-a")).isEqualTo("1");
        assertThat(r.header("content-length")).isEqualTo("14");
    }

    @Test
    void headGetsTheHeadersWithoutTheBody() throws Exception {
        H3TestClient c = start(r -> r.get("/hi", (req, res) -> res.send("hello")));

        H3TestClient.Response r = c.request("HEAD", "/hi", Map.of(), null);

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("content-length")).isEqualTo("5");
        assertThat(r.body()).isEmpty();
    }

    @Test
    void clientResetCancelsTheExchangeAndTheConnectionGoesOn() throws Exception {
        java.util.concurrent.CompletableFuture<Void> cancelled = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CountDownLatch arrived = new java.util.concurrent.CountDownLatch(1);
        H3TestClient c = start(r -> r.post("/slow", RouteOptions.streaming(), (req, res) -> {
            res.async().onCancel(() -> cancelled.complete(null));
            arrived.countDown();
        }).get("/hi", (req, res) -> res.send("hi")));
        io.netty.handler.codec.http3.Http3Headers h = new io.netty.handler.codec.http3.DefaultHttp3Headers()
                .method("POST").path("/slow").authority("localhost").scheme("https");

        H3TestClient.Pending p = c.open(h);
        assertThat(arrived.await(H3TestClient.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        p.stream().shutdown(io.netty.handler.codec.http3.Http3ErrorCode.H3_REQUEST_CANCELLED.code());

        cancelled.get(H3TestClient.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(c.get("/hi").text()).isEqualTo("hi");
    }

    @Test
    void postBodyReachesTheHandler() throws Exception {
        H3TestClient c = start(r -> r.post("/echo", (req, res) -> res.send(req.bodyBytes().length + ":" + req.bodyString())));

        H3TestClient.Response r = c.request("POST", "/echo", Map.of("content-type", "text/plain"),
                "abc".repeat(50_000).getBytes(StandardCharsets.UTF_8));

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.text()).hasSize(150_007).startsWith("150000:").endsWith("abc".repeat(50_000));
    }

    @Test
    void largeResponseArrivesWhole() throws Exception {
        H3TestClient c = start(r -> r.get("/big", (req, res) -> res.send("xyz".repeat(100_000))));

        H3TestClient.Response r = c.get("/big");

        assertThat(r.body()).hasSize(300_000);
    }

    @Test
    void slowReaderHoldsTheClientAtTheFlowControlWindowAndGetsEveryByte() throws Exception {
        int size = 8 << 20;
        java.util.concurrent.CompletableFuture<Void> gate = new java.util.concurrent.CompletableFuture<>();
        H3TestClient c = start(r -> r.post("/count", RouteOptions.blocking().streamingBody(), (req, res) -> {
            java.io.InputStream in = req.bodyStream();
            gate.join();
            long n = 0;
            byte[] buf = new byte[8192];
            for (int k; (k = in.read(buf)) >= 0; ) {
                n += k;
            }
            res.send(Long.toString(n));
        }));
        io.netty.handler.codec.http3.Http3Headers h = new io.netty.handler.codec.http3.DefaultHttp3Headers()
                .method("POST").path("/count").authority("localhost").scheme("https");

        H3TestClient.Pending p = c.start(h, io.netty.buffer.Unpooled.wrappedBuffer(new byte[size]));
        // without backpressure the server would take all 8 MiB into memory at once; with it, the client stops
        // near the queue's high mark plus one stream window (1 MiB): half the body is never reached in time
        java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
        // the wait is meant to run out: the pass is that half the body is not sent within 3 s
        boolean passedHalf = Await.within(java.time.Duration.ofSeconds(3), () -> sent.updateAndGet(x -> sentBytes(c)) >= size / 2);
        gate.complete(null);

        assertThat(passedHalf).as("the client was held while the reader waited (sent %d bytes)", sent.get()).isFalse();
        assertThat(p.response().get(H3TestClient.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS).text())
                .isEqualTo(Integer.toString(size));
    }

    private static long sentBytes(H3TestClient c) {
        try {
            return c.connection().collectStats().get().sentBytes();
        } catch (Exception e) {
            throw new AssertionError("no QUIC stats", e);
        }
    }

    @Test
    void unknownRouteIs404() throws Exception {
        H3TestClient c = start(r -> r.get("/hi", (req, res) -> res.send("x")));

        assertThat(c.get("/nope").status()).isEqualTo(404);
    }

    @Test
    void streamedBodyEndsWithItsTrailers() throws Exception {
        H3TestClient c = start(r -> r.get("/s", (req, res) -> {
            BodyWriter w = res.stream();
            w.write("ab");
            w.write("cd");
            res.trailer("x-sum", "4");
            w.end();
        }));

        H3TestClient.Response r = c.get("/s");

        assertThat(r.text()).isEqualTo("abcd");
        assertThat(r.trailers().get("x-sum").toString()).isEqualTo("4");
    }

    @Test
    void gracefulStopLetsAnInFlightRequestFinish() throws Exception {
        java.util.concurrent.CompletableFuture<String> gate = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CountDownLatch arrived = new java.util.concurrent.CountDownLatch(1);
        H3TestClient c = start(r -> r.get("/slow", Handler.async((req, res) -> {
            arrived.countDown();
            return gate;
        })));
        java.util.concurrent.CompletableFuture<H3TestClient.Response> slow =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return c.get("/slow");
                    } catch (Exception e) {
                        throw new java.util.concurrent.CompletionException(e);
                    }
                });
        assertThat(arrived.await(H3TestClient.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        Thread stopping = Thread.ofPlatform().start(() -> server.stop(java.time.Duration.ofSeconds(10)));
        gate.complete("done");

        assertThat(slow.get(H3TestClient.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS).text()).isEqualTo("done");
        stopping.join();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = Transport.class, names = {"IO_URING", "EPOLL", "NIO"})
    void everyTransportCarriesQuic(Transport transport) throws Exception {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1).transport(transport))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/t", (req, res) -> res.send("ok"))).build().start();
        client = new H3TestClient(server.ports().getFirst());

        assertThat(client.get("/t").text()).isEqualTo("ok");
        assertThat(server.transport()).isEqualTo(transport);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = Transport.class, names = {"IO_URING", "EPOLL"})
    void nativeTransportsSpreadConnectionsOverOneSocketPerLoop(Transport transport) throws Exception {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(3).transport(transport))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/t", (req, res) -> res.send("ok"))).build().start();
        java.util.List<H3TestClient> clients = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                clients.add(new H3TestClient(server.ports().getFirst()));
            }
            for (H3TestClient c : clients) {
                for (int i = 0; i < 3; i++) {
                    assertThat(c.get("/t").text()).isEqualTo("ok");
                }
            }
            assertThat(server.openConnections(ConnectionKind.HTTP_3)).isEqualTo(6);
        } finally {
            clients.forEach(H3TestClient::close);
        }
    }

    @Test
    void manyRequestsShareOneConnection() throws Exception {
        H3TestClient c = start(r -> r.get("/n", (req, res) -> res.send(req.query("i"))));

        for (int i = 0; i < 50; i++) {
            assertThat(c.get("/n?i=" + i).text()).isEqualTo(Integer.toString(i));
        }
        assertThat(server.openConnections(ConnectionKind.HTTP_3)).isEqualTo(1);
    }
}
