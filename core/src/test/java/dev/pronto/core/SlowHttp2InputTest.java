package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Unfinished HTTP/2 input over real sockets, the same on every way in (h2c with prior knowledge on a
 * shared port, an h2c-only port, h2 over TLS): half a preface closes, a header block left open gets
 * GOAWAY PROTOCOL_ERROR, and a body below the least rate gets 408 and a reset on its stream only.
 * Short limits (200 ms) against a 30 s idle timeout and a 10 s read timeout on the client.
 */
class SlowHttp2InputTest {
    /** How a client reaches HTTP/2. */
    enum Way { H2C_SHARED, H2C_ONLY, H2_TLS }

    private Server server;

    @AfterEach
    void stop() {
        server.close();
    }

    private Socket connect(Way way) throws Exception {
        Listener listener = switch (way) {
            case H2C_SHARED -> Listener.http(0);
            case H2C_ONLY -> Listener.h2c(0);
            case H2_TLS -> Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build());
        };
        server = Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1).headerReadTimeout(Duration.ofMillis(200))
                        .minBodyRateGrace(Duration.ofMillis(200)).idleTimeout(Duration.ofSeconds(30)))
                .listener(listener.withHost("127.0.0.1"))
                .routes(r -> r.get("/ok", (req, res) -> res.send("ok"))
                        .post("/upload", (req, res) -> res.send("length=" + req.body().readableBytes())))
                .build().start();
        if (way == Way.H2_TLS) {
            return TlsFixtures.connect(server.port(), "h2");
        }
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(10_000);
        return s;
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void halfAPrefaceIsClosed(Way way) throws Exception {
        try (Socket s = connect(way)) {
            s.getOutputStream().write("PRI * HTTP/2.0\r\n".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();

            // returns at the server's close; a read timeout (10 s, the idle timeout is 30 s) fails the test
            String answer = TlsFixtures.readToClose(s);

            assertThat(answer).doesNotContain("200 OK");
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void headerBlockLeftOpenGetsGoAwayProtocolError(Way way) throws Exception {
        try (RawH2 h2 = new RawH2(connect(way))) {
            h2.frame(RawH2.HEADERS, RawH2.END_STREAM, 1, h2.block("GET", "/ok"));

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway).isNotNull();
            assertThat(goAway.errorCode()).isEqualTo(1);
            assertThat(h2.closedByServer()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void bodyBelowTheLeastRateGets408AndAResetOnItsStreamOnly(Way way) throws Exception {
        try (RawH2 h2 = new RawH2(connect(way))) {
            DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder(false);
            byte[] block = h2.block("POST", "/upload");
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS, 1, block);
            h2.frame(RawH2.DATA, 0, 1, new byte[] {'x'});

            RawH2.Frame answer = h2.awaitFrame(RawH2.HEADERS);
            assertThat(answer.stream()).isEqualTo(1);
            assertThat(answer.decodeWith(hpack).status().toString()).isEqualTo("408");
            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);
            assertThat(reset.stream()).isEqualTo(1);

            h2.request(3, "GET", "/ok", RawH2.END_STREAM);
            RawH2.Frame ok = h2.awaitFrame(RawH2.HEADERS);
            assertThat(ok.stream()).isEqualTo(3);
            assertThat(ok.decodeWith(hpack).status().toString()).isEqualTo("200");
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void bodyAboveTheLeastRateIsServed(Way way) throws Exception {
        try (RawH2 h2 = new RawH2(connect(way))) {
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS, 1, h2.block("POST", "/upload"));
            h2.frame(RawH2.DATA, RawH2.END_STREAM, 1, new byte[10_000]);

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("length=10000");
        }
    }
}
