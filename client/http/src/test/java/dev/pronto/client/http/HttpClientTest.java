package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The client against Pronto's own server on port 0. */
class HttpClientTest {
    private static Server server;
    private static HttpClient shared;
    private static HttpClient own;

    @BeforeAll
    static void start() {
        server = Server.builder().port(0).routes(r -> r
                .get("/hello", (req, res) -> res.header("X-Test", "yes").send("Hello"))
                .get("/echo/{x}", (req, res) -> res.send(req.param("x")))
                .post("/echo", (req, res) -> res.send(req.bodyString()))
                .put("/length", (req, res) -> res.send(String.valueOf(req.bodyBytes().length)))
                .head("/hello", (req, res) -> res.header("X-Test", "yes").send())
                .get("/proxy", (req, res) -> {
                    Thread handler = Thread.currentThread();
                    res.send(shared.send(ClientRequest.get(url("/hello"))).thenApply(resp -> {
                        resp.close();
                        return Thread.currentThread() == handler ? "same loop" : "hop";
                    }));
                })).build().start();
        shared = HttpClient.create(ClientConfig.builder().pipelineDepth(8).build(), server.eventLoopGroup());
        own = HttpClient.create(ClientConfig.builder().pipelineDepth(16).maxConnectionsPerHost(2).build());
    }

    @AfterAll
    static void stop() {
        own.close();
        shared.close();
        server.close();
    }

    static String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    @Test
    void getReturnsStatusHeadersAndBody() {
        try (ClientResponse r = own.sendBlocking(ClientRequest.get(url("/hello")))) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("x-test")).isEqualTo("yes");
            assertThat(r.string()).isEqualTo("Hello");
        }
    }

    @Test
    void postSendsItsBody() {
        ClientRequest post = ClientRequest.builder().method("POST").uri(url("/echo")).body("payload é").build();
        try (ClientResponse r = own.sendBlocking(post)) {
            assertThat(r.string()).isEqualTo("payload é");
        }
    }

    @Test
    void headResponseHasNoBody() {
        ClientRequest head = ClientRequest.builder().method("HEAD").uri(url("/hello")).build();
        try (ClientResponse r = own.sendBlocking(head)) {
            assertThat(r.header("x-test")).isEqualTo("yes");
            assertThat(r.body().readableBytes()).isZero();
        }
    }

    @Test
    void pipelinedResponsesMatchTheirRequestsInOrder() {
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            calls.add(own.send(ClientRequest.get(url("/echo/" + i))).thenApply(r -> {
                try (r) {
                    return r.string();
                }
            }).toCompletableFuture());
        }
        for (int i = 0; i < calls.size(); i++) {
            assertThat(calls.get(i).join()).isEqualTo(String.valueOf(i));
        }
    }

    @Test
    void callFromAHandlerRunsOnTheHandlersLoop() {
        try (ClientResponse r = shared.sendBlocking(ClientRequest.get(url("/proxy")))) {
            assertThat(r.string()).isEqualTo("same loop");
        }
    }

    @Test
    void blockingCallsWorkFromManyVirtualThreads() throws Exception {
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String path = "/echo/v" + i;
                results.add(executor.submit(() -> {
                    try (ClientResponse r = shared.sendBlocking(ClientRequest.get(url(path)))) {
                        return r.string();
                    }
                }));
            }
            for (int i = 0; i < results.size(); i++) {
                assertThat(results.get(i).get()).isEqualTo("v" + i);
            }
        }
    }

    @Test
    void listenerPathGivesAPooledResponseDuringTheCallback() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<String> body = new AtomicReference<>();
        own.send(ClientRequest.get(url("/hello")), (r, e) -> {
            body.set(r != null ? r.string() : e.toString());
            done.countDown();
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(body.get()).isEqualTo("Hello");
    }

    @SuppressWarnings("try") // the publisher is closed to end the body, and again by the try
    @Test
    void streamedRequestBodyArrivesWhole() {
        try (SubmissionPublisher<ByteBuf> publisher = new SubmissionPublisher<>()) {
            ClientRequest put = ClientRequest.builder().method("PUT").uri(url("/length")).body(publisher).build();
            CompletableFuture<ClientResponse> response = own.send(put).toCompletableFuture();
            // SubmissionPublisher drops items submitted before anyone subscribes; the client
            // subscribes once the connection is up and the head is written
            Await.until("the client subscribed to the body", () -> publisher.getNumberOfSubscribers() > 0);
            for (int i = 0; i < 3; i++) {
                publisher.submit(Unpooled.wrappedBuffer(new byte[1 << 20]));
            }
            publisher.close();
            try (ClientResponse r = response.join()) {
                assertThat(r.string()).isEqualTo(String.valueOf(3 << 20));
            }
        }
    }

    @Test
    void notFoundIsAResponseNotAnError() {
        try (ClientResponse r = own.sendBlocking(ClientRequest.get(url("/missing")))) {
            assertThat(r.status()).isEqualTo(404);
        }
    }
}
