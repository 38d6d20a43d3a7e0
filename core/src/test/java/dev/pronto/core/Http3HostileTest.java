package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.H3TestClient;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3ErrorCode;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What an HTTP/3 client that breaks the rules gets: the RFC 9114 error or status, never a hang or a 500. */
class Http3HostileTest {
    private Server server;
    private H3TestClient client;

    private H3TestClient start(UnaryOperator<Server.Builder> setup) throws Exception {
        server = setup.apply(Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1).maxBodySize(1000))
                        .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                        .routes(r -> r.get("/", (req, res) -> res.send("ok")).post("/", (req, res) -> res.send("ok"))))
                .build().start();
        client = new H3TestClient(server.ports().getFirst());
        return client;
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.stop(java.time.Duration.ZERO);
        }
    }

    @Test
    void dataBeforeHeadersClosesTheConnectionWithFrameUnexpected() throws Exception {
        H3TestClient c = start(b -> b);

        c.raw(new byte[] {0x00, 0x01, 'x'});

        assertThat(c.closeError()).isEqualTo(Http3ErrorCode.H3_FRAME_UNEXPECTED.code());
    }

    @Test
    void fieldSectionEndingInsideAnIntegerClosesTheConnection() throws Exception {
        H3TestClient c = start(b -> b);

        c.raw(new byte[] {0x01, 0x04, 0x00, 0x00, (byte) 0xff, (byte) 0xff});

        // RFC 9204 §4.5: the section cannot be decoded; the codec alone would wait for bytes that never come
        assertThat(c.closeError()).isEqualTo(Http3ErrorCode.QPACK_DECOMPRESSION_FAILED.code());
    }

    @Test
    void headAboveTheHeadLimitIs431AndTheConnectionStaysUsable() throws Exception {
        H3TestClient c = start(b -> b);

        H3TestClient.Response r = c.request("GET", "/", Map.of("x-big", "a".repeat(30 * 1024)), null);

        assertThat(r.status()).isEqualTo(431);
        assertThat(c.get("/").text()).isEqualTo("ok");
    }

    @Test
    void fieldSectionAboveTheAdvertisedLimitClosesTheConnection() throws Exception {
        H3TestClient c = start(b -> b);

        H3TestClient.Response r = c.request("GET", "/", Map.of("x-big", "a".repeat(100 * 1024)), null);

        assertThat(r.headers()).isNull();
        assertThat(c.closeError()).isEqualTo(Http3ErrorCode.H3_EXCESSIVE_LOAD.code());
    }

    @Test
    void requestWithoutPathIsAMalformedMessage() throws Exception {
        H3TestClient c = start(b -> b);

        H3TestClient.Response r = c.send(new DefaultHttp3Headers().method("GET").scheme("https").authority("x"), null);

        assertThat(r.resetCode()).isEqualTo(Http3ErrorCode.H3_MESSAGE_ERROR.code());
        assertThat(c.get("/").text()).isEqualTo("ok");
    }

    @Test
    void bodyAboveMaxBodySizeIs413() throws Exception {
        H3TestClient c = start(b -> b);

        assertThat(c.request("POST", "/", Map.of(), new byte[5000]).status()).isEqualTo(413);
    }

    @Test
    void declaredLengthAboveMaxBodySizeIs413() throws Exception {
        H3TestClient c = start(b -> b);

        assertThat(c.request("POST", "/", Map.of("content-length", "5000"), new byte[10]).status()).isEqualTo(413);
    }

    @Test
    void bodyNotMatchingItsContentLengthIsAMalformedMessage() throws Exception {
        H3TestClient c = start(b -> b);

        H3TestClient.Response r = c.request("POST", "/", Map.of("content-length", "20"), new byte[10]);

        assertThat(r.resetCode()).isEqualTo(Http3ErrorCode.H3_MESSAGE_ERROR.code());
    }

    @Test
    void theQuicLimitsAreAdvertised() throws Exception {
        H3TestClient c = start(b -> b.http3(Http3Config.defaults().withMaxBidiStreams(3)
                .withIdleTimeout(java.time.Duration.ofSeconds(7)).withInitialMaxStreamData(100_000)));

        io.netty.handler.codec.quic.QuicTransportParameters p = c.connection().peerTransportParameters();

        assertThat(p.initialMaxStreamsBidi()).isEqualTo(3);
        assertThat(p.maxIdleTimeout()).isEqualTo(7000);
        assertThat(p.initialMaxStreamDataBidiRemote()).isEqualTo(100_000);
        assertThat(p.initialMaxData()).isEqualTo(16L << 20);
    }

    @Test
    void streamWithoutHeadersIsResetAfterTheHeaderReadTimeout() throws Exception {
        H3TestClient c = start(b -> b.config(cfg -> cfg.host("127.0.0.1").ioThreads(1)
                .headerReadTimeout(java.time.Duration.ofMillis(300))));

        // the start of a HEADERS frame of 16 bytes, never finished
        String outcome = c.raw(new byte[] {0x01, 0x10, 0x00, 0x00}, false).get(H3TestClient.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(outcome).isEqualTo("reset:" + Http3ErrorCode.H3_REQUEST_INCOMPLETE.code());
    }

    @Test
    void requestNobodyAnswersGets503AfterTheResponseTimeout() throws Exception {
        H3TestClient c = start(b -> b.config(cfg -> cfg.host("127.0.0.1").ioThreads(1)
                .responseTimeout(java.time.Duration.ofMillis(300))).routes(r -> r.get("/never", (req, res) -> res.async())));

        assertThat(c.get("/never").status()).isEqualTo(503);
    }

    @Test
    void rapidResetClosesTheConnectionWithExcessiveLoad() throws Exception {
        H3TestClient c = start(b -> b.http3(Http3Config.defaults().withMaxResetsPerWindow(5))
                .routes(r -> r.post("/s", RouteOptions.streaming(), (req, res) -> res.async())));
        io.netty.handler.codec.http3.Http3Headers h = new DefaultHttp3Headers().method("POST").path("/s")
                .authority("x").scheme("https");

        for (int i = 0; i < 6; i++) {
            c.open(h).stream().shutdown(Http3ErrorCode.H3_REQUEST_CANCELLED.code());
        }

        assertThat(c.closeError()).isEqualTo(Http3ErrorCode.H3_EXCESSIVE_LOAD.code());
    }

    @Test
    void resetsBelowTheLimitLeaveTheConnectionUsable() throws Exception {
        H3TestClient c = start(b -> b.http3(Http3Config.defaults().withMaxResetsPerWindow(5))
                .routes(r -> r.post("/s", RouteOptions.streaming(), (req, res) -> res.async())));
        io.netty.handler.codec.http3.Http3Headers h = new DefaultHttp3Headers().method("POST").path("/s")
                .authority("x").scheme("https");

        for (int i = 0; i < 5; i++) {
            c.open(h).stream().shutdown(Http3ErrorCode.H3_REQUEST_CANCELLED.code());
        }

        assertThat(c.get("/").text()).isEqualTo("ok");
        assertThat(c.get("/").text()).isEqualTo("ok");
        assertThat(c.closed()).isNotDone();
    }

    @Test
    void withoutRetryAClientIsServedAtOnce() throws Exception {
        H3TestClient c = start(b -> b.http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF)));

        assertThat(c.get("/").text()).isEqualTo("ok");
    }
}
