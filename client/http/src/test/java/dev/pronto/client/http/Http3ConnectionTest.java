package dev.pronto.client.http;

import static dev.pronto.client.http.Http3ClientTest.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.testsupport.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Http3Client's connections: the server's stream limit, deadlines, lost connections and retries, GOAWAY,
 * TLS trust and host names, connect timeout and close; against the plain Netty server of {@link Http3ClientTest}.
 */
class Http3ConnectionTest {
    private static H3TestServer server;

    @BeforeAll
    static void start() throws InterruptedException {
        server = new H3TestServer(Http3ClientTest::route, 100);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void requestTimeoutFailsOnlyThatStream() throws Exception {
        try (H3TestServer own = new H3TestServer(Http3ClientTest::route, 100);
             Http3Client c = Http3Client.create(config().build())) {
            ClientRequest never = ClientRequest.builder().uri(own.url("/never")).timeout(Duration.ofMillis(200)).build();
            assertThatThrownBy(() -> c.send(never).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(RequestTimeoutException.class);
            try (ClientResponse r = c.send(ClientRequest.get(own.url("/hello"))).toCompletableFuture().get(10, TimeUnit.SECONDS)) {
                assertThat(r.status()).isEqualTo(200);
            }
            assertThat(own.connections.get()).isEqualTo(1);
        }
    }

    @Test
    void manyConcurrentRequestsShareOneConnectionWithinTheStreamLimit() throws Exception {
        try (H3TestServer own = new H3TestServer(Http3ClientTest::route, 8);
             Http3Client c = Http3Client.create(config().build())) {
            List<CompletableFuture<ClientResponse>> all = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                all.add(c.send(ClientRequest.get(own.url("/hello"))).toCompletableFuture());
            }
            for (CompletableFuture<ClientResponse> f : all) {
                try (ClientResponse r = f.get(20, TimeUnit.SECONDS)) {
                    assertThat(r.status()).isEqualTo(200);
                }
            }
            assertThat(own.connections.get()).isEqualTo(1);
            assertThat(own.maxOpenStreams.get()).isBetween(1, 8);
        }
    }

    @Test
    void requestWaitingForAStreamTimesOut() throws Exception {
        try (H3TestServer own = new H3TestServer(Http3ClientTest::route, 1);
             Http3Client c = Http3Client.create(config().build())) {
            CompletableFuture<ClientResponse> holder = c.send(ClientRequest.builder().uri(own.url("/never"))
                    .timeout(Duration.ofSeconds(20)).build()).toCompletableFuture();
            ClientRequest waiting = ClientRequest.builder().uri(own.url("/hello")).timeout(Duration.ofMillis(300)).build();
            assertThatThrownBy(() -> c.send(waiting).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(RequestTimeoutException.class).hasMessageContaining("no stream");
            assertThat(holder).isNotDone();
        }
    }

    @Test
    void idempotentRequestIsSentAgainOnANewConnectionWhenItsConnectionIsLost() throws Exception {
        try (H3TestServer own = new H3TestServer(Http3ClientTest::route, 100);
             Http3Client c = Http3Client.create(config().maxAttempts(2).build())) {
            assertThatThrownBy(() -> c.send(ClientRequest.get(own.url("/drop"))).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(ConnectionClosedException.class);
            assertThat(own.connections.get()).isEqualTo(2);
            try (ClientResponse r = c.sendBlocking(ClientRequest.get(own.url("/hello")))) {
                assertThat(r.status()).isEqualTo(200);
            }
        }
    }

    @Test
    void postIsNotSentAgainWhenItsConnectionIsLost() throws Exception {
        try (H3TestServer own = new H3TestServer(Http3ClientTest::route, 100);
             Http3Client c = Http3Client.create(config().maxAttempts(3).build())) {
            ClientRequest post = ClientRequest.builder().method("POST").uri(own.url("/drop")).body("x").build();
            assertThatThrownBy(() -> c.send(post).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(ConnectionClosedException.class);
            assertThat(own.connections.get()).isEqualTo(1);
        }
    }

    @Test
    void afterGoawayNewRequestsOpenANewConnection() throws Exception {
        try (H3TestServer own = new H3TestServer(Http3ClientTest::route, 100);
             Http3Client c = Http3Client.create(config().build())) {
            try (ClientResponse r = c.sendBlocking(ClientRequest.get(own.url("/goaway")))) {
                assertThat(r.string()).isEqualTo("going away");
            }
            // the GOAWAY may arrive after the answer: send until a request goes over a new connection
            Await.within(Duration.ofSeconds(10), () -> {
                if (own.connections.get() < 2) {
                    c.sendBlocking(ClientRequest.get(own.url("/hello"))).close();
                }
                return own.connections.get() >= 2;
            });
            assertThat(own.connections.get()).isEqualTo(2);
        }
    }

    @Test
    void silentServerFailsWithinTheConnectTimeout() throws Exception {
        try (java.net.DatagramSocket silent = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress());
             Http3Client c = Http3Client.create(config().connectTimeout(Duration.ofMillis(300)).build())) {
            CompletableFuture<ClientResponse> f = c.send(ClientRequest.get("https://localhost:" + silent.getLocalPort() + "/"))
                    .toCompletableFuture();
            assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(ConnectFailedException.class);
        }
    }

    @Test
    void untrustedCertificateFailsToConnect() {
        try (Http3Client c = Http3Client.create(ClientConfig.builder().ioThreads(1).build())) {
            assertThatThrownBy(() -> c.send(ClientRequest.get(server.url("/hello"))).toCompletableFuture()
                    .get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(ConnectFailedException.class);
        }
    }

    @Test
    void certificateMustNameTheHost() {
        String byAddress = "https://127.0.0.1:" + server.port() + "/hello";
        try (Http3Client c = Http3Client.create(config().build())) {
            assertThatThrownBy(() -> c.send(ClientRequest.get(byAddress)).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(ConnectFailedException.class);
        }
    }

    @Test
    void hostnameVerificationCanBeTurnedOff() throws Exception {
        ClientTls tls = ClientTls.builder().trustedCertificates(HttpsTest.file("localhost.crt"))
                .hostnameVerification(ClientTls.HostnameVerification.NONE).build();
        try (Http3Client c = Http3Client.create(ClientConfig.builder().ioThreads(1).tls(tls).build());
             ClientResponse r = c.sendBlocking(ClientRequest.get("https://127.0.0.1:" + server.port() + "/hello"))) {
            assertThat(r.status()).isEqualTo(200);
        }
    }

    @Test
    void closeFailsRequestsInFlight() throws Exception {
        Http3Client c = Http3Client.create(config().build());
        CompletableFuture<ClientResponse> f = c.send(ClientRequest.get(server.url("/never"))).toCompletableFuture();
        try (ClientResponse r = c.sendBlocking(ClientRequest.get(server.url("/hello")))) {
            assertThat(r.status()).isEqualTo(200); // the first request is in flight on the same connection
        }
        c.close();
        assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(ClientException.class)
                .hasMessageContaining("closed");
    }
}
