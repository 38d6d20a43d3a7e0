package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Servers that close mid-pipeline, send garbage or stall: clear errors or correct retries, nothing hangs. */
class MisbehavingServerTest {
    private RawServer server;
    private HttpClient client;

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private HttpClient client(ClientConfig.Builder config) {
        client = HttpClient.create(config.build());
        return client;
    }

    private static List<CompletableFuture<String>> getAll(HttpClient c, RawServer s, int n) {
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(c.send(ClientRequest.get(s.url("/r" + i))).thenApply(r -> {
                try (r) {
                    return r.string();
                }
            }).toCompletableFuture());
        }
        return calls;
    }

    @Test
    void closeMidPipelineRetriesIdempotentRequestsInOrder() {
        server = RawServer.start((ctx, i, req) -> {
            RawServer.send(ctx, RawServer.ok(RawServer.path(req)));
            if (i % 5 == 4) {
                ctx.close();
            }
        });
        List<CompletableFuture<String>> calls = getAll(client(ClientConfig.builder().pipelineDepth(8)
                .maxConnectionsPerHost(1).maxAttempts(10)), server, 40);
        for (int i = 0; i < calls.size(); i++) {
            assertThat(calls.get(i).join()).isEqualTo("/r" + i);
        }
        assertThat(server.connections.get()).isGreaterThan(1);
    }

    @Test
    void closeBeforeAnsweringFailsPostWithAClearError() {
        server = RawServer.start((ctx, i, req) -> ctx.close());
        ClientRequest post = ClientRequest.builder().method("POST").uri(server.url("/orders")).body("{}").build();
        assertThatThrownBy(() -> client(ClientConfig.builder()).sendBlocking(post))
                .isInstanceOf(ConnectionClosedException.class)
                .hasMessageContaining("closed before the response to POST " + server.url("/orders"))
                .hasMessageContaining("POST is not idempotent and is not retried");
        assertThat(server.requests.get()).isEqualTo(1);
    }

    @Test
    void serverThatAlwaysClosesExhaustsTheAttemptCap() {
        server = RawServer.start((ctx, i, req) -> ctx.close());
        assertThatThrownBy(() -> client(ClientConfig.builder().maxAttempts(3)).sendBlocking(ClientRequest.get(server.url("/"))))
                .isInstanceOf(ConnectionClosedException.class)
                .hasMessageContaining("gave up after 3 attempts (maxAttempts=3)");
        assertThat(server.requests.get()).isEqualTo(3);
    }

    @Test
    void malformedStatusLineFailsAndClosesTheConnection() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx, i == 0 ? "HTTP/1.1 2OO OK\r\n\r\n" : RawServer.ok("fine")));
        HttpClient c = client(ClientConfig.builder());
        assertThatThrownBy(() -> c.sendBlocking(ClientRequest.get(server.url("/"))))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageStartingWith("malformed response from http://127.0.0.1:")
                .hasMessageContaining("malformed status line \"HTTP/1.1 2OO OK\"");
        try (ClientResponse r = c.sendBlocking(ClientRequest.get(server.url("/")))) {
            assertThat(r.string()).isEqualTo("fine");
        }
        assertThat(server.connections.get()).isEqualTo(2);
    }

    @Test
    void malformedChunkSizeIsReported() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx,
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"));
        assertThatThrownBy(() -> client(ClientConfig.builder()).sendBlocking(ClientRequest.get(server.url("/"))))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("Malformed chunk size line \"zz\"");
    }

    @Test
    void stalledRequestTimesOutClosesItsConnectionAndOthersAreRetried() {
        java.util.Set<Object> stalled = java.util.concurrent.ConcurrentHashMap.newKeySet();
        server = RawServer.start((ctx, i, req) -> {
            if (i == 1) {
                stalled.add(ctx.channel());
            }
            if (!stalled.contains(ctx.channel())) {
                RawServer.send(ctx, RawServer.ok(RawServer.path(req)));
            }
        });
        HttpClient c = client(ClientConfig.builder().pipelineDepth(4).maxConnectionsPerHost(1)
                .requestTimeout(Duration.ofMillis(300)));
        List<CompletableFuture<String>> calls = getAll(c, server, 4);
        assertThat(calls.get(0).join()).isEqualTo("/r0");
        assertThatThrownBy(calls.get(1)::join).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(RequestTimeoutException.class)
                .hasMessageContaining("no response to GET " + server.url("/r1") + " within requestTimeout=PT0.3S");
        assertThat(calls.get(2).join()).isEqualTo("/r2");
        assertThat(calls.get(3).join()).isEqualTo("/r3");
        assertThat(server.connections.get()).isEqualTo(2);
    }

    @Test
    void pendingOverflowNamesTheLimit() {
        server = RawServer.start((ctx, i, req) -> { });
        HttpClient c = client(ClientConfig.builder().maxPending(2).maxConnectionsPerHost(1)
                .requestTimeout(Duration.ofMillis(200)));
        List<CompletableFuture<String>> calls = getAll(c, server, 4);
        assertThatThrownBy(calls.get(3)::join).hasCauseInstanceOf(PendingLimitException.class)
                .hasMessageContaining("pending request queue full (maxPending=2)")
                .hasMessageContaining("raise ClientConfig.maxPending");
        calls.forEach(f -> assertThatThrownBy(f::join).isInstanceOf(CompletionException.class));
    }

    @Test
    void oversizedBodyNamesMaxResponseSize() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx, RawServer.ok("x".repeat(100))));
        assertThatThrownBy(() -> client(ClientConfig.builder().maxResponseSize(10)).sendBlocking(ClientRequest.get(server.url("/"))))
                .isInstanceOf(ResponseTooLargeException.class)
                .hasMessageContaining("response body of 100 bytes exceeds maxResponseSize=10");
    }

    @Test
    void refusedConnectionFailsWithConnectError() {
        server = RawServer.start((ctx, i, req) -> { });
        String url = server.url("/");
        server.close();
        server = RawServer.start((ctx, i, req) -> { });
        assertThatThrownBy(() -> client(ClientConfig.builder()).sendBlocking(ClientRequest.get(url)))
                .isInstanceOf(ConnectFailedException.class)
                .hasMessageContaining("cannot connect to http://127.0.0.1:");
    }

    @Test
    void connectionCloseHeaderIsHonoured() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx,
                "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"));
        HttpClient c = client(ClientConfig.builder());
        for (int i = 0; i < 3; i++) {
            try (ClientResponse r = c.sendBlocking(ClientRequest.get(server.url("/")))) {
                assertThat(r.string()).isEqualTo("ok");
            }
        }
        assertThat(server.connections.get()).isEqualTo(3);
    }

    @Test
    void closeAmongConnectionTokensCloses() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx,
                "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 2\r\n\r\nok"));
        HttpClient c = client(ClientConfig.builder());
        for (int i = 0; i < 3; i++) {
            c.sendBlocking(ClientRequest.get(server.url("/"))).close();
        }
        assertThat(server.connections.get()).isEqualTo(3);
    }

    @Test
    void connectionTokenThatOnlyContainsCloseKeepsTheConnection() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx,
                "HTTP/1.1 200 OK\r\nConnection: xclose\r\nContent-Length: 2\r\n\r\nok"));
        HttpClient c = client(ClientConfig.builder());
        for (int i = 0; i < 3; i++) {
            c.sendBlocking(ClientRequest.get(server.url("/"))).close();
        }
        assertThat(server.connections.get()).isEqualTo(1);
    }
}
