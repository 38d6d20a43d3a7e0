package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.handler.codec.http2.Http2Error;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Known HTTP/2 attacks, performed with a raw frame writer against a real socket: each ends with a
 * GOAWAY carrying the right error code and the connection closed, while other clients are served.
 */
class Http2AttackTest {
    private static final long BOUND = 32L * 1024 * 1024;
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).idleTimeout(Duration.ofMillis(500)))
            .http2(Http2Config.defaults().withMaxConcurrentStreams(4))
            .routes(r -> r.get("/ok", (req, res) -> res.send("ok"))
                    .get("/big", (req, res) -> res.send("x".repeat(256 * 1024)))
                    .post("/echo", (req, res) -> res.send(req.bodyString()))
                    .get("/never", (req, res) -> res.async()))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private static long usedDirectMemory() {
        return ((io.netty.buffer.ByteBufAllocatorMetricProvider) io.netty.buffer.ByteBufAllocator.DEFAULT).metric()
                .usedDirectMemory();
    }

    @Test
    void rapidResetIsCalmedDown() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            // one write just past the limit (200 per 30 s): the server reads it all before it closes,
            // so its close is a FIN after the GOAWAY, not a reset that would drop the GOAWAY
            h2.hold();
            for (int stream = 1; stream < 2 * 210; stream += 2) {
                h2.request(stream, "GET", "/never", RawH2.END_STREAM);
                h2.frame(RawH2.RST_STREAM, 0, stream, new byte[] {0, 0, 0, 8});
            }
            h2.send();

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway).isNotNull();
            assertThat(goAway.errorCode()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM.code());
            assertThat(h2.closedByServer()).isTrue();
        }
        assertThat(servedOverH2("/ok")).isEqualTo("ok");
    }

    @Test
    void continuationFloodIsCutOff() throws Exception {
        long before = usedDirectMemory();
        try (RawH2 h2 = new RawH2(server.port())) {
            byte[] block = h2.block("GET", "/ok");
            h2.frame(RawH2.HEADERS, RawH2.END_STREAM, 1, block);
            try {
                for (int i = 0; i < 1_000; i++) {
                    h2.frame(RawH2.CONTINUATION, 0, 1, new byte[0]);
                }
            } catch (java.net.SocketException cutOff) {
                // the server closed while we were still flooding: what it sent before is still readable
            }

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway).isNotNull();
            assertThat(goAway.errorCode()).isIn(Http2Error.ENHANCE_YOUR_CALM.code(), Http2Error.PROTOCOL_ERROR.code());
            assertThat(h2.closedByServer()).isTrue();
            assertThat(usedDirectMemory() - before).isLessThan(BOUND);
        }
    }

    @Test
    void emptyDataFloodIsCalmedDown() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            // one write: the server reads it all before it closes, so the GOAWAY is not lost to a reset
            h2.hold();
            h2.request(1, "POST", "/echo", 0);
            for (int i = 0; i < 10; i++) {
                h2.frame(RawH2.DATA, 0, 1, new byte[0]);
            }
            h2.send();

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway).isNotNull();
            assertThat(goAway.errorCode()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM.code());
        }
    }

    @Test
    void pingFloodFromAClientThatDoesNotReadIsCutOff() throws Exception {
        long before = usedDirectMemory();
        try (RawH2 h2 = new RawH2(server.port())) {
            byte[] eight = new byte[8];
            boolean cut = false;
            for (int i = 0; i < 200_000 && !cut; i++) {
                try {
                    h2.frame(RawH2.PING, 0, 0, eight);
                } catch (java.net.SocketException reset) {
                    cut = true;
                }
            }

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway == null || goAway.errorCode() == Http2Error.ENHANCE_YOUR_CALM.code()).isTrue();
            assertThat(h2.closedByServer()).isTrue();
            assertThat(usedDirectMemory() - before).isLessThan(BOUND);
        }
    }

    @Test
    void streamsBeyondTheLimitAreRefused() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            for (int stream = 1; stream <= 9; stream += 2) {
                h2.request(stream, "POST", "/echo", 0);
            }

            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);

            assertThat(reset).isNotNull();
            assertThat(reset.stream()).isEqualTo(9);
            assertThat(reset.errorCode()).isIn(Http2Error.REFUSED_STREAM.code(), Http2Error.PROTOCOL_ERROR.code());
        }
    }

    @Test
    void zeroWindowStallEndsWithTheIdleTimeout() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), 0x4, 0)) {
            h2.request(1, "GET", "/big", RawH2.END_STREAM);

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway).isNotNull();
            assertThat(goAway.errorCode()).isEqualTo(Http2Error.NO_ERROR.code());
            assertThat(h2.closedByServer()).isTrue();
        }
    }

    @Test
    void requestIsAnsweredOverPriorKnowledge() throws Exception {
        assertThat(servedOverH2("/ok")).isEqualTo("ok");
    }

    @Test
    void postBodyIsEchoed() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "POST", "/echo", 0);
            h2.frame(RawH2.DATA, RawH2.END_STREAM, 1, "hello".getBytes());

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("hello");
        }
    }

    private String servedOverH2(String path) throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", path, RawH2.END_STREAM);
            return h2.awaitFrame(RawH2.DATA).text();
        }
    }
}
