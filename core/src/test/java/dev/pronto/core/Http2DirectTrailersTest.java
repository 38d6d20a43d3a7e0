package dev.pronto.core;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Responses with trailers written as one HEADERS + DATA + trailing HEADERS buffer (gRPC's unary
 * answer), checked frame by frame with a raw client: both header blocks decode with a standard
 * HPACK decoder, END_STREAM is on the last frame only, and the cases left to Netty's encoder
 * (a shut window, a shrunk HPACK table, trailers beyond a frame) still answer the same frames.
 */
class Http2DirectTrailersTest {
    private static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).idleTimeout(Duration.ofSeconds(30)))
            .routes(r -> r.get("/t", (req, res) -> res.trailer("grpc-status", "0").trailer("x-sum", "3").send("body"))
                    .get("/empty", (req, res) -> res.trailer("grpc-status", "5").send(""))
                    .get("/big", (req, res) -> res.trailer("grpc-status", "0")
                            .send(Unpooled.copiedBuffer("b".repeat(10_000), US_ASCII)))
                    .get("/huge-trailer", (req, res) -> res.trailer("x-big", "t".repeat(30_000)).send("small")))
            .build().start();
    private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder();

    @AfterEach
    void stop() {
        server.close();
    }

    private static int endStream(RawH2.Frame f) {
        return f.flags() & RawH2.END_STREAM;
    }

    @Test
    void trailersFollowTheBodyAndEndTheStream() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/t", RawH2.END_STREAM);

            RawH2.Frame head = h2.awaitFrame(RawH2.HEADERS);
            RawH2.Frame data = h2.awaitFrame(RawH2.DATA);
            RawH2.Frame trailers = h2.awaitFrame(RawH2.HEADERS);

            assertThat(head.decodeWith(hpack).status()).hasToString("200");
            assertThat(endStream(head)).isZero();
            assertThat(data.text()).isEqualTo("body");
            assertThat(endStream(data)).isZero();
            Http2Headers fields = trailers.decodeWith(hpack);
            assertThat(fields.get("grpc-status")).hasToString("0");
            assertThat(fields.get("x-sum")).hasToString("3");
            assertThat(fields.status()).isNull();
            assertThat(endStream(trailers)).isEqualTo(RawH2.END_STREAM);
        }
    }

    @Test
    void aBodyWithTrailersHasNoContentLength() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/t", RawH2.END_STREAM);

            // a client may stop reading at Content-Length and never see the trailers (curl and grpc-status)
            assertThat(h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack).contains("content-length")).isFalse();
        }
    }

    @Test
    void aBodyWithTrailersBehindAShutWindowHasNoContentLength() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_INITIAL_WINDOW_SIZE, 0)) {
            h2.request(1, "GET", "/t", RawH2.END_STREAM);

            assertThat(h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack).contains("content-length")).isFalse();
        }
    }

    @Test
    void emptyBodyIsHeadThenTrailers() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/empty", RawH2.END_STREAM);

            RawH2.Frame head = h2.awaitFrame(RawH2.HEADERS);
            RawH2.Frame trailers = h2.read();

            assertThat(endStream(head)).isZero();
            assertThat(trailers.type()).isEqualTo(RawH2.HEADERS);
            assertThat(trailers.decodeWith(hpack).get("grpc-status")).hasToString("5");
            assertThat(endStream(trailers)).isEqualTo(RawH2.END_STREAM);
        }
    }

    @Test
    void largeBodyKeepsItsTrailersLast() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/big", RawH2.END_STREAM);

            h2.awaitFrame(RawH2.HEADERS);
            RawH2.Frame data = h2.awaitFrame(RawH2.DATA);
            RawH2.Frame trailers = h2.awaitFrame(RawH2.HEADERS);

            assertThat(data.payload()).hasSize(10_000);
            assertThat(endStream(data)).isZero();
            assertThat(trailers.decodeWith(hpack).get("grpc-status")).hasToString("0");
        }
    }

    @Test
    void shutWindowFallsBackAndSendsTrailersAfterTheBody() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_INITIAL_WINDOW_SIZE, 0)) {
            h2.request(1, "GET", "/t", RawH2.END_STREAM);
            assertThat(endStream(h2.awaitFrame(RawH2.HEADERS))).isZero();
            h2.frame(RawH2.WINDOW_UPDATE, 0, 1, new byte[] {0, 0, 0, 4});

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("body");
            RawH2.Frame trailers = h2.awaitFrame(RawH2.HEADERS);
            assertThat(trailers.decodeWith(hpack).get("x-sum")).hasToString("3");
            assertThat(endStream(trailers)).isEqualTo(RawH2.END_STREAM);
        }
    }

    @Test
    void shrunkTableFallsBackAndTrailersStillDecode() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_HEADER_TABLE_SIZE, 0)) {
            hpack.configuration().maxHeaderTableSize(0);
            h2.awaitFrame(RawH2.SETTINGS);
            for (int stream = 1; stream <= 5; stream += 2) {
                h2.request(stream, "GET", "/t", RawH2.END_STREAM);

                assertThat(h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack).status()).hasToString("200");
                h2.awaitFrame(RawH2.DATA);
                assertThat(h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack).get("grpc-status")).hasToString("0");
            }
        }
    }

    @Test
    void trailerBeyondAFrameIsLeftToNetty() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/huge-trailer", RawH2.END_STREAM);

            h2.awaitFrame(RawH2.HEADERS);
            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("small");
            RawH2.Frame next = h2.read();

            // Netty splits the block into HEADERS + CONTINUATION, which this raw client reads frame by frame
            assertThat(next.type()).isEqualTo(RawH2.HEADERS);
            assertThat(next.flags() & RawH2.END_HEADERS).isZero();
            assertThat(h2.read().type()).isEqualTo(RawH2.CONTINUATION);
        }
    }
}
