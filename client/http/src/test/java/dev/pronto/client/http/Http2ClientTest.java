package dev.pronto.client.http;

import static dev.pronto.client.http.H2Fixtures.H2C;
import static dev.pronto.client.http.H2Fixtures.H2_TLS;
import static dev.pronto.client.http.H2Fixtures.HTTP11_TLS;
import static dev.pronto.client.http.H2Fixtures.get;
import static dev.pronto.client.http.H2Fixtures.getAll;
import static dev.pronto.client.http.H2Fixtures.h2c;
import static dev.pronto.client.http.H2Fixtures.sendAll;
import static dev.pronto.client.http.H2Fixtures.tls;
import static dev.pronto.client.http.H2Fixtures.url;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Http2Config;
import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.Server;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The client speaking HTTP/2 to Pronto's own server: negotiation, multiplexing, stream limits, timeouts, GOAWAY. */
class Http2ClientTest {
    private static Server server;

    @BeforeAll
    static void start() {
        server = H2Fixtures.server(b -> { });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void h2cWithPriorKnowledgeSpeaksHttp2() {
        try (HttpClient client = HttpClient.create(h2c().build())) {
            assertThat(get(client, url(server, H2C, "/protocol"))).isEqualTo("HTTP/2.0");
        }
    }

    @Test
    void alpnChoosesHttp2OverTlsWithTheHostnameVerified() {
        try (HttpClient client = HttpClient.create(tls().build())) {
            assertThat(get(client, url(server, H2_TLS, "/protocol"))).isEqualTo("HTTP/2.0");
        }
    }

    @Test
    void tlsListenerOfferingOnlyHttp11GetsHttp11() {
        try (HttpClient client = HttpClient.create(tls().build())) {
            assertThat(get(client, url(server, HTTP11_TLS, "/protocol"))).isEqualTo("HTTP/1.1");
        }
    }

    @Test
    void offeringOnlyHttp11KeepsTlsOnHttp11() {
        try (HttpClient client = HttpClient.create(tls().protocols(Protocol.HTTP_1_1).build())) {
            assertThat(get(client, url(server, H2_TLS, "/protocol"))).isEqualTo("HTTP/1.1");
        }
    }

    @Test
    void pooledResponseListenerGetsTheResponse() {
        CompletableFuture<String> answer = new CompletableFuture<>();
        try (HttpClient client = HttpClient.create(h2c().build())) {
            client.send(ClientRequest.get(url(server, H2C, "/protocol")),
                    (r, failure) -> answer.complete(failure != null ? failure.toString() : r.status() + " " + r.string()));

            assertThat(answer.join()).isEqualTo("200 HTTP/2.0");
        }
    }

    @Test
    void manyConcurrentRequestsShareOneConnection() {
        try (HttpClient client = HttpClient.create(tls().build())) {
            List<String> answers = getAll(client, url(server, H2_TLS, "/slow"), 100);

            assertThat(answers).hasSize(100).allMatch(a -> a.startsWith("200 "));
            assertThat(Set.copyOf(answers)).hasSize(1);
        }
    }

    @Test
    void requestsBeyondMaxConcurrentStreamsWaitForAFreeStream() {
        try (Server limited = H2Fixtures.server(b -> b.http2(Http2Config.defaults().withMaxConcurrentStreams(2)));
             HttpClient client = HttpClient.create(h2c().maxAttempts(1).build())) {
            List<String> answers = getAll(client, url(limited, H2C, "/slow"), 20);

            assertThat(answers).hasSize(20).allMatch(a -> a.startsWith("200 "));
            assertThat(Set.copyOf(answers)).hasSize(1);
        }
    }

    @Test
    void requestsBeyondTheStreamLimitAndMaxPendingFailFast() {
        H2Fixtures.gate = new CompletableFuture<>();
        try (Server limited = H2Fixtures.server(b -> b.http2(Http2Config.defaults().withMaxConcurrentStreams(2)));
             HttpClient client = HttpClient.create(h2c().maxPending(4).build())) {
            get(client, url(limited, H2C, "/protocol"));
            List<CompletableFuture<String>> calls = sendAll(client, url(limited, H2C, "/gate"), 7);

            assertThatThrownBy(calls.get(6)::join).hasCauseInstanceOf(PendingLimitException.class);
            H2Fixtures.gate.complete("open");
            assertThat(calls.subList(0, 6)).allMatch(c -> c.join().equals("200 open"));
        }
    }

    @Test
    void timeoutCancelsOnlyItsStream() {
        try (HttpClient client = HttpClient.create(h2c().build())) {
            String before = get(client, url(server, H2C, "/port"));
            ClientRequest stuck = ClientRequest.builder().uri(url(server, H2C, "/never")).timeout(Duration.ofMillis(200))
                    .build();

            assertThatThrownBy(() -> client.sendBlocking(stuck)).isInstanceOf(RequestTimeoutException.class);
            assertThat(get(client, url(server, H2C, "/port"))).isEqualTo(before);
        }
    }

    @Test
    void timedOutStreamFreesItsSlotForAWaitingRequest() {
        try (Server single = H2Fixtures.server(b -> b.http2(Http2Config.defaults().withMaxConcurrentStreams(1)));
             HttpClient client = HttpClient.create(h2c().build())) {
            get(client, url(single, H2C, "/protocol"));
            ClientRequest stuck = ClientRequest.builder().uri(url(single, H2C, "/never")).timeout(Duration.ofMillis(200))
                    .build();
            CompletableFuture<String> timedOut = H2Fixtures.body(client.send(stuck));
            CompletableFuture<String> waiting = H2Fixtures.body(client.send(ClientRequest.builder()
                    .uri(url(single, H2C, "/protocol")).timeout(Duration.ofSeconds(5)).build()));

            assertThat(waiting.join()).isEqualTo("200 HTTP/2.0");
            assertThatThrownBy(timedOut::join).hasCauseInstanceOf(RequestTimeoutException.class);
        }
    }

    @Test
    void gracefulStopFinishesOpenStreamsAndSendsNewRequestsElsewhere() throws Exception {
        CompletableFuture<String> release = new CompletableFuture<>();
        CountDownLatch arrived = new CountDownLatch(3);
        Server stopping = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1)).listener(Listener.h2c(0))
                .routes(r -> r.get("/held", (req, res) -> {
                    arrived.countDown();
                    res.send(release);
                })).build().start();
        String url = "http://127.0.0.1:" + stopping.port();
        try (HttpClient client = HttpClient.create(h2c().build())) {
            List<CompletableFuture<String>> held = sendAll(client, url + "/held", 3);
            arrived.await();
            Thread stopper = Thread.ofVirtual().start(() -> stopping.stop(Duration.ofSeconds(10)));

            assertThat(firstFailureOfNewRequests(client, url + "/other")).isInstanceOf(ConnectFailedException.class);
            release.complete("done");
            assertThat(held).allMatch(c -> c.join().equals("200 done"));
            stopper.join();
        }
    }

    /**
     * Sends requests until one fails: before the GOAWAY arrives they are answered (404) or refused
     * and retried; after it they go to a new connection, which the stopped listener refuses.
     */
    private static Throwable firstFailureOfNewRequests(HttpClient client, String url) {
        for (int i = 0; i < 10_000; i++) {
            try {
                client.sendBlocking(ClientRequest.get(url)).close();
            } catch (ClientException e) {
                return e;
            }
        }
        throw new AssertionError("new requests kept succeeding after stop");
    }

    @Test
    void h2cToAServerWithoutHttp2FailsToConnect() {
        try (Server http11 = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.http(0).withProtocols(Protocol.HTTP_1_1))
                .routes(r -> r.get("/", (req, res) -> res.send("hi"))).build().start();
             HttpClient client = HttpClient.create(h2c().build())) {
            assertThatThrownBy(() -> get(client, "http://127.0.0.1:" + http11.port() + "/"))
                    .isInstanceOf(ConnectFailedException.class)
                    .hasMessageContaining("ClientConfig.cleartext");
        }
    }
}
