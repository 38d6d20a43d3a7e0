package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3GoAwayFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Pronto's HTTP/3 client against a plain Netty HTTP/3 server: requests, bodies, trailers, streams, failures. */
class Http3ClientTest {
    private static H3TestServer server;
    private static Http3Client client;
    private static final java.util.concurrent.atomic.AtomicInteger REJECTED = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeAll
    static void start() throws InterruptedException {
        server = new H3TestServer(Http3ClientTest::route, 100);
        client = Http3Client.create(config().build());
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    static ClientConfig.Builder config() {
        return ClientConfig.builder().ioThreads(1)
                .tls(ClientTls.builder().trustedCertificates(HttpsTest.file("localhost.crt")).build());
    }

    static void route(Http3Headers head, ByteBuf body, QuicStreamChannel ch) {
        String path = head.path().toString();
        switch (path.contains("?") ? path.substring(0, path.indexOf('?')) : path) {
            case "/hello" -> answer(ch, 200, "hello over h3", null);
            case "/echo" -> answer(ch, 200, head.method() + " " + body.toString(StandardCharsets.UTF_8)
                    + " " + head.get("x-test"), String.valueOf(body.readableBytes()));
            case "/big" -> answer(ch, 200, "x".repeat(Integer.parseInt(path.substring(path.indexOf('=') + 1))), "big");
            case "/reset" -> ch.shutdown(Http3ErrorCode.H3_INTERNAL_ERROR.code());
            case "/short" -> {
                // promises 100 bytes, sends 10 and ends the stream: a truncated body
                ch.write(new DefaultHttp3HeadersFrame(new DefaultHttp3Headers().status("200").addInt("content-length", 100)));
                ch.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.copiedBuffer("0123456789", StandardCharsets.US_ASCII)))
                        .addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            }
            case "/never" -> { }
            case "/reject-once" -> {
                if (REJECTED.getAndIncrement() == 0) {
                    ch.shutdown(Http3ErrorCode.H3_REQUEST_REJECTED.code()); // not processed: the client may send it again
                } else {
                    answer(ch, 200, "second try", null);
                }
            }
            case "/count" -> answer(ch, 200, String.valueOf(body.readableBytes()), null);
            case "/drop" -> ch.parent().close(); // the whole QUIC connection, before any answer
            case "/goaway" -> {
                answer(ch, 200, "going away", null);
                // RFC 9114 §5.2: no request stream at or above the given id will be processed on this connection
                Http3.getLocalControlStream(ch.parent()).writeAndFlush(new DefaultHttp3GoAwayFrame(ch.streamId() + 4));
            }
            default -> answer(ch, 404, "no " + path, null);
        }
    }

    static void answer(QuicStreamChannel ch, int status, String text, String trailer) {
        Http3Headers h = new DefaultHttp3Headers().status(String.valueOf(status)).add("content-type", "text/plain");
        ch.write(new DefaultHttp3HeadersFrame(h));
        var data = new DefaultHttp3DataFrame(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
        // the FIN goes after the last frame: shutting the output down earlier discards what is not sent yet
        var last = trailer == null ? ch.writeAndFlush(data)
                : ch.write(data).channel().writeAndFlush(new DefaultHttp3HeadersFrame(new DefaultHttp3Headers().add("x-trailer", trailer)));
        last.addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
    }

    private static ClientResponse get(String path) throws Exception {
        return client.send(ClientRequest.get(server.url(path))).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void getAnswersStatusHeadersAndBody() throws Exception {
        try (ClientResponse r = get("/hello")) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Content-Type")).isEqualTo("text/plain");
            assertThat(r.string()).isEqualTo("hello over h3");
        }
    }

    @Test
    void postSendsHeadersAndBodyAndReadsTrailers() throws Exception {
        ClientRequest post = ClientRequest.builder().method("POST").uri(server.url("/echo")).header("X-Test", "yes")
                .body("payload").build();
        try (ClientResponse r = client.send(post).toCompletableFuture().get(10, TimeUnit.SECONDS)) {
            assertThat(r.string()).isEqualTo("POST payload yes");
            assertThat(r.trailer("X-Trailer")).isEqualTo("7");
        }
    }

    @Test
    void pooledListenerGetsTheResponseDuringTheCallback() throws Exception {
        CompletableFuture<String> seen = new CompletableFuture<>();
        client.send(ClientRequest.get(server.url("/hello")), (r, e) -> {
            if (e != null) {
                seen.completeExceptionally(e);
            } else {
                seen.complete(r.status() + " " + r.string());
            }
        });
        assertThat(seen.get(10, TimeUnit.SECONDS)).isEqualTo("200 hello over h3");
    }

    @Test
    void streamedRequestBodyArrivesWhole() throws Exception {
        List<ByteBuf> parts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            parts.add(Unpooled.copiedBuffer("part" + i + ";", StandardCharsets.UTF_8));
        }
        ClientRequest post = ClientRequest.builder().method("PUT").uri(server.url("/echo"))
                .body(subscriber -> new Parts(parts, subscriber).start()).build();
        try (ClientResponse r = client.send(post).toCompletableFuture().get(10, TimeUnit.SECONDS)) {
            assertThat(r.string()).isEqualTo("PUT part0;part1;part2; null");
        }
    }

    @Test
    void largeStreamedRequestBodyIsWrittenAsTheStreamTakesIt() throws Exception {
        List<ByteBuf> parts = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            parts.add(Unpooled.wrappedBuffer(new byte[64 * 1024])); // 4 MiB: several of the server's stream windows
        }
        ClientRequest put = ClientRequest.builder().method("PUT").uri(server.url("/count"))
                .body(subscriber -> new Parts(parts, subscriber).start()).build();
        try (ClientResponse r = client.send(put).toCompletableFuture().get(20, TimeUnit.SECONDS)) {
            assertThat(r.string()).isEqualTo(String.valueOf(64 * 64 * 1024));
        }
    }

    @Test
    void streamedResponseDeliversEveryByteThenTrailers() throws Exception {
        int n = 3 << 20;
        Collect body = new Collect();
        ClientResponse head = client.sendStreaming(ClientRequest.get(server.url("/big?n=" + n)), body)
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(head.status()).isEqualTo(200);
        assertThat(body.done.get(10, TimeUnit.SECONDS)).isEqualTo(n);
        assertThat(head.trailer("x-trailer")).isEqualTo("big");
        head.close();
    }

    @Test
    void bufferedBodyOverMaxResponseSizeFails() {
        try (Http3Client small = Http3Client.create(config().maxResponseSize(1000).build())) {
            assertThatThrownBy(() -> small.send(ClientRequest.get(server.url("/big?n=5000")))
                    .toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(ResponseTooLargeException.class);
        }
    }

    @Test
    void bodyShorterThanItsContentLengthIsMalformed() {
        assertThatThrownBy(() -> get("/short")).hasCauseInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("content-length");
    }

    @Test
    void streamedBodyShorterThanItsContentLengthFailsTheSubscriber() throws Exception {
        Collect body = new Collect();
        client.sendStreaming(ClientRequest.get(server.url("/short")), body).toCompletableFuture()
                .get(10, TimeUnit.SECONDS).close();
        assertThatThrownBy(() -> body.done.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(MalformedResponseException.class);
    }

    @Test
    void serverResetFailsTheRequestWithItsCode() {
        assertThatThrownBy(() -> get("/reset")).isInstanceOf(ExecutionException.class).cause()
                .isInstanceOfSatisfying(StreamResetException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(Http3ErrorCode.H3_INTERNAL_ERROR.code()));
    }

    @Test
    void rejectedIdempotentRequestIsSentAgain() throws Exception {
        try (ClientResponse r = get("/reject-once")) {
            assertThat(r.string()).isEqualTo("second try");
        }
        assertThat(REJECTED.get()).isEqualTo(2);
    }

    @Test
    void httpUriIsRefused() {
        assertThatThrownBy(() -> client.send(ClientRequest.get("http://localhost:" + server.port() + "/hello")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("https");
    }

    /** Publishes the given parts one per demand. */
    private record Parts(List<ByteBuf> parts, java.util.concurrent.Flow.Subscriber<? super ByteBuf> subscriber)
            implements java.util.concurrent.Flow.Subscription {
        void start() {
            subscriber.onSubscribe(this);
        }

        @Override
        public synchronized void request(long n) {
            for (long i = 0; i < n && !parts.isEmpty(); i++) {
                subscriber.onNext(parts.removeFirst());
            }
            if (parts.isEmpty()) {
                subscriber.onComplete();
            }
        }

        @Override
        public void cancel() {
            parts.forEach(ByteBuf::release);
        }
    }

    /** Counts the bytes of a streamed body, asking for one part at a time. */
    static final class Collect implements java.util.concurrent.Flow.Subscriber<ByteBuf> {
        final CompletableFuture<Integer> done = new CompletableFuture<>();
        private java.util.concurrent.Flow.Subscription s;
        private int total;

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
            s = subscription;
            s.request(1);
        }

        @Override
        public void onNext(ByteBuf item) {
            total += item.readableBytes();
            item.release();
            s.request(1);
        }

        @Override
        public void onError(Throwable t) {
            done.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            done.complete(total);
        }
    }
}
