package dev.pronto.client.http;

import static dev.pronto.client.http.H2Fixtures.H2C;
import static dev.pronto.client.http.H2Fixtures.get;
import static dev.pronto.client.http.H2Fixtures.h2c;
import static dev.pronto.client.http.H2Fixtures.url;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Compression;
import dev.pronto.core.Http2Config;
import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bodies over HTTP/2: flow control both ways, streaming, decompression, HEAD. */
class Http2BodiesTest {
    private static Server server;
    private static HttpClient client;

    @BeforeAll
    static void start() {
        // a 64 KiB stream window, so request bodies wait for WINDOW_UPDATEs
        server = H2Fixtures.server(b -> b.compression(Compression.defaults())
                .http2(Http2Config.defaults().withInitialWindowSize(65_535)));
        client = HttpClient.create(h2c().build());
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    @Test
    void postLargerThanTheStreamWindowIsSent() {
        byte[] big = new byte[1024 * 1024];
        try (ClientResponse r = client.sendBlocking(ClientRequest.builder().method("POST")
                .uri(url(server, H2C, "/length")).body(big).build())) {
            assertThat(r.string()).isEqualTo(String.valueOf(big.length));
        }
    }

    @SuppressWarnings("try") // the publisher is closed to end the body, and again by the try
    @Test
    void streamedRequestBodyFollowsTheWindow() {
        try (SubmissionPublisher<ByteBuf> publisher = new SubmissionPublisher<>()) {
            ClientRequest put = ClientRequest.builder().method("PUT").uri(url(server, H2C, "/length")).body(publisher)
                    .build();
            CompletableFuture<ClientResponse> response = client.send(put).toCompletableFuture();
            // SubmissionPublisher drops items submitted before anyone subscribes
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
    void streamedResponseArrivesWhole() {
        BodiesTest.CountingSubscriber body = new BodiesTest.CountingSubscriber();
        try (ClientResponse head = client.sendStreaming(ClientRequest.get(url(server, H2C, "/big")), body)
                .toCompletableFuture().join()) {
            assertThat(head.status()).isEqualTo(200);
        }
        assertThat(body.done.join()).isEqualTo(4 << 20);
    }

    @Test
    void stalledStreamedResponseHoldsOnlyItsOwnStream() {
        StalledSubscriber body = new StalledSubscriber();
        String port = get(client, url(server, H2C, "/port"));
        client.sendStreaming(ClientRequest.get(url(server, H2C, "/big")), body).toCompletableFuture().join().close();
        body.first.join();

        assertThat(get(client, url(server, H2C, "/port"))).isEqualTo(port);
        body.subscription.cancel();
    }

    @Test
    void gzipResponseIsDecoded() {
        try (ClientResponse r = client.sendBlocking(ClientRequest.get(url(server, H2C, "/text")))) {
            assertThat(r.header("content-encoding")).isEqualTo("gzip");
            assertThat(r.string()).isEqualTo("pronto ".repeat(1000));
        }
    }

    @Test
    void headResponseHasHeadersAndNoBody() {
        ClientRequest head = ClientRequest.builder().method("HEAD").uri(url(server, H2C, "/big")).build();
        try (ClientResponse r = client.sendBlocking(head)) {
            assertThat(r.header("x-size")).isEqualTo(String.valueOf(4 << 20));
            assertThat(r.body().readableBytes()).isZero();
        }
    }

    /** Takes one buffer and then nothing more until cancelled. */
    static final class StalledSubscriber implements Flow.Subscriber<ByteBuf> {
        final CompletableFuture<Void> first = new CompletableFuture<>();
        volatile Flow.Subscription subscription;

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(ByteBuf item) {
            item.release();
            first.complete(null);
        }

        @Override
        public void onError(Throwable t) {
            first.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
        }
    }
}
