package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Error;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * maxBodySize holds for HTTP/2 uploads to a streamed route that declare no content-length: past
 * the limit the client gets a 413 (then RST_STREAM), over h2c and over TLS, as HTTP/1.1 does.
 */
class Http2BodyLimitTest {
    private static final int LIMIT = 40_000;
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").ioThreads(1).maxBodySize(LIMIT))
            .listener(Listener.h2c(0))
            .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
            .routes(r -> r.post("/upload", RouteOptions.streaming(), (req, res) -> req.onBody(counter(res)))
                    .post("/blocking", RouteOptions.blocking().streamingBody(), (req, res) -> {
                        try (java.io.InputStream in = req.bodyStream()) {
                            res.send(Long.toString(in.transferTo(java.io.OutputStream.nullOutputStream())));
                        }
                    })
                    .post("/messages", RouteOptions.defaults().messageStream(), (req, res) -> req.onBody(counter(res)))
                    .post("/answering", RouteOptions.streaming(), (req, res) -> {
                        res.stream().write("started");
                        req.onBody(new BodyListener() {
                            @Override
                            public void onChunk(ByteBuf chunk) {
                            }

                            @Override
                            public void onEnd() {
                            }
                        });
                    }))
            .build().start();

    /** Answers the number of body bytes once the body ends. */
    private static BodyListener counter(Response res) {
        return new BodyListener() {
            private long bytes;

            @Override
            public void onChunk(ByteBuf chunk) {
                bytes += chunk.readableBytes();
            }

            @Override
            public void onEnd() {
                res.send(Long.toString(bytes));
            }
        };
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void streamedUploadWithoutLengthPastTheLimitGets413ThenResetOverH2c() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/upload", 0);
            for (int i = 0; i < 3; i++) {
                h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            }

            RawH2.Frame head = h2.awaitFrame(RawH2.HEADERS);
            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);

            assertThat(head.decodeWith(new DefaultHttp2HeadersDecoder()).status()).hasToString("413");
            assertThat(reset).isNotNull();
            assertThat(reset.errorCode()).isEqualTo(Http2Error.NO_ERROR.code());
        }
    }

    @Test
    void blockingReaderOfAnUploadWithoutLengthPastTheLimitGets413OverH2c() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/blocking", 0);
            for (int i = 0; i < 3; i++) {
                h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            }

            RawH2.Frame head = h2.awaitFrame(RawH2.HEADERS);

            assertThat(head.decodeWith(new DefaultHttp2HeadersDecoder()).status()).hasToString("413");
        }
    }

    @Test
    void uploadPastTheLimitAfterTheResponseStartedIsCancelled() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/answering", 0);
            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("started");
            for (int i = 0; i < 3; i++) {
                h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            }

            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);

            assertThat(reset).isNotNull();
            assertThat(reset.errorCode()).isEqualTo(Http2Error.CANCEL.code());
        }
    }

    @Test
    void streamedUploadWithinTheLimitStillSucceedsOverH2c() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/upload", 0);
            h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            h2.frame(RawH2.DATA, RawH2.END_STREAM, 1, new byte[LIMIT - 32_000]);

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo(Integer.toString(LIMIT));
        }
    }

    @Test
    void messageStreamRouteTakesMoreThanTheLimitInTotal() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/messages", 0);
            h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            h2.frame(RawH2.DATA, 0, 1, new byte[16_000]);
            h2.frame(RawH2.DATA, RawH2.END_STREAM, 1, new byte[16_000]);

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("48000");
        }
    }

    @Test
    void streamedUploadOfUnknownLengthPastTheLimitGets413OverTls() throws Exception {
        try (HttpClient client = HttpClient.newBuilder().sslContext(TlsFixtures.clientContext()).build()) {
            HttpRequest.BodyPublisher unknownLength = HttpRequest.BodyPublishers.fromPublisher(
                    HttpRequest.BodyPublishers.ofByteArray(new byte[4 * LIMIT]));
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(
                    URI.create("https://localhost:" + server.ports().get(1) + "/upload")).POST(unknownLength).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(r.statusCode()).isEqualTo(413);
        }
    }
}
