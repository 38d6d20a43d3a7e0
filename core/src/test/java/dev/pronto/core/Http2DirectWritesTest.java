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
 * Responses written as one HEADERS + DATA buffer, checked frame by frame with a raw client: the
 * header block decodes with a standard HPACK decoder, and the flow-control windows hold for the
 * bodies that bypass Netty's flow-control queue.
 */
class Http2DirectWritesTest {
    private static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    private final String longValue = "v".repeat(300);
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).idleTimeout(Duration.ofSeconds(30)))
            .routes(r -> r.get("/ok", (req, res) -> res.send("ok"))
                    .get("/teapot", (req, res) -> res.status(418).header("X-Long", longValue).send("short"))
                    .get("/k", (req, res) -> res.send("k".repeat(4000)))
                    .get("/buffer", (req, res) -> res.send(Unpooled.copiedBuffer("b".repeat(10_000), US_ASCII))))
            .build().start();
    private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void headerBlockDecodesWithAStandardDecoder() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/teapot", RawH2.END_STREAM);

            Http2Headers headers = h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack);

            assertThat(headers.status()).hasToString("418");
            assertThat(headers.get("x-long")).hasToString(longValue);
            assertThat(headers.get("content-length")).hasToString("5");
            assertThat(headers.get("content-type")).isNotNull();
            assertThat(headers.get("date")).isNotNull();
            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("short");
        }
    }

    @Test
    void bufferBodyFollowsItsHeadInOneDataFrame() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/buffer", RawH2.END_STREAM);

            assertThat(h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack).get("content-length")).hasToString("10000");
            RawH2.Frame data = h2.awaitFrame(RawH2.DATA);
            assertThat(data.text()).isEqualTo("b".repeat(10_000));
            assertThat(data.flags() & RawH2.END_STREAM).isEqualTo(RawH2.END_STREAM);
        }
    }

    @Test
    void bodyWaitsForAStreamWindow() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_INITIAL_WINDOW_SIZE, 0)) {
            h2.request(1, "GET", "/ok", RawH2.END_STREAM);

            RawH2.Frame headers = h2.awaitFrame(RawH2.HEADERS);
            assertThat(headers.flags() & RawH2.END_STREAM).isZero();
            h2.frame(RawH2.WINDOW_UPDATE, 0, 1, new byte[] {0, 0, 0, 2});

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("ok");
        }
    }

    @Test
    void bodiesNeverExceedTheConnectionWindow() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_INITIAL_WINDOW_SIZE, 1 << 20)) {
            for (int stream = 1; stream <= 2 * 20; stream += 2) {
                h2.request(stream, "GET", "/k", RawH2.END_STREAM);
            }
            int received = 0;
            while (received < 65_535) {
                received += h2.awaitFrame(RawH2.DATA).payload().length;
            }
            h2.frame(RawH2.PING, 0, 0, new byte[8]);

            RawH2.Frame next = h2.read();
            while (next.type() != RawH2.PING && next.type() != RawH2.DATA) {
                next = h2.read();
            }
            assertThat(received).isEqualTo(65_535);
            assertThat(next.type()).isEqualTo(RawH2.PING);
        }
    }

    @Test
    void peerThatShrinksItsTableStillDecodesEveryBlock() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_HEADER_TABLE_SIZE, 0)) {
            hpack.configuration().maxHeaderTableSize(0);
            h2.awaitFrame(RawH2.SETTINGS);
            for (int stream = 1; stream <= 5; stream += 2) {
                h2.request(stream, "GET", "/ok", RawH2.END_STREAM);

                assertThat(h2.awaitFrame(RawH2.HEADERS).decodeWith(hpack).status()).hasToString("200");
            }
        }
    }
}
