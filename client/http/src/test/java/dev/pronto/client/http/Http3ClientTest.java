package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
            case "/never" -> { }
            default -> answer(ch, 404, "no " + path, null);
        }
    }

    static void answer(QuicStreamChannel ch, int status, String text, String trailer) {
        Http3Headers h = new DefaultHttp3Headers().status(String.valueOf(status)).add("content-type", "text/plain");
        ch.write(new DefaultHttp3HeadersFrame(h));
        ch.write(new DefaultHttp3DataFrame(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8)));
        if (trailer != null) {
            ch.write(new DefaultHttp3HeadersFrame(new DefaultHttp3Headers().add("x-trailer", trailer)));
        }
        ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
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
}
