package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Error;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * RFC 9113 §8.2.1 over real h2c and h2 (TLS) sockets: a field value with NUL, CR or LF, or with SP/HTAB at
 * either end, makes the request malformed: RST_STREAM PROTOCOL_ERROR, and no handler sees it.
 */
class Http2FieldValuesTest {
    private final AtomicInteger handled = new AtomicInteger();
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").ioThreads(1))
            .listener(Listener.h2c(0))
            .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
            .routes(r -> r.get("/", (req, res) -> {
                handled.incrementAndGet();
                res.send("x-a=" + req.header("x-a"));
            }).post("/", (req, res) -> res.send(req.bodyString())))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void valueWithCrLfIsResetWithProtocolErrorBeforeAnyHandler() throws Exception {
        assertThat(resetCodeFor("a\r\nx-injected: 1")).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
        assertThat(handled).hasValue(0);
    }

    @Test
    void valueWithCrLfIsResetWithProtocolErrorOverTls() throws Exception {
        try (RawH2 h2 = new RawH2(TlsFixtures.connect(server.ports().get(1), "h2"))) {
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS | RawH2.END_STREAM, 1,
                    h2.block(RawH2.request("GET", "/").add("x-a", "a\r\nx-injected: 1")));

            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);

            assertThat(reset).isNotNull();
            assertThat(reset.errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
        }
        assertThat(handled).hasValue(0);
    }

    @Test
    void valueWithNulIsResetWithProtocolError() throws Exception {
        assertThat(resetCodeFor("a\0b")).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
    }

    @Test
    void valueWithLeadingSpaceIsResetWithProtocolError() throws Exception {
        assertThat(resetCodeFor(" a")).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
    }

    @Test
    void valueWithTrailingTabIsResetWithProtocolError() throws Exception {
        assertThat(resetCodeFor("a\t")).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
    }

    @Test
    void valueWithInnerSpaceAndTabIsServed() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS | RawH2.END_STREAM, 1,
                    h2.block(RawH2.request("GET", "/").add("x-a", "a b\tc")));

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("x-a=a b\tc");
        }
    }

    @Test
    void trailerWithCrLfIsResetWithProtocolError() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/", 0);
            h2.frame(RawH2.DATA, 0, 1, "body".getBytes());
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS | RawH2.END_STREAM, 1,
                    h2.block(new DefaultHttp2Headers(true, false, 4).add("x-t", "a\r\nx-injected: 1")));

            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);

            assertThat(reset).isNotNull();
            assertThat(reset.errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
        }
    }

    /** The RST_STREAM code a GET with field {@code x-a: value} gets. */
    private long resetCodeFor(String value) throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.frame(RawH2.HEADERS, RawH2.END_HEADERS | RawH2.END_STREAM, 1,
                    h2.block(RawH2.request("GET", "/").add("x-a", value)));
            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);
            assertThat(reset).as("RST_STREAM").isNotNull();
            assertThat(reset.stream()).isEqualTo(1);
            return reset.errorCode();
        }
    }
}
