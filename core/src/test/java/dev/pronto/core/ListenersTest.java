package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.testsupport.RawH2;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/** Several listeners on one server share its routes; each binds its own port. */
class ListenersTest {
    private static Server cleartextAndTls() {
        return Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.http(0))
                .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/tls", (req, res) -> res.send(req.tlsSession() == null ? "none" : req.tlsSession().getProtocol())))
                .build().start();
    }

    @Test
    void cleartextAndTlsListenersAnswerTheSameRoutes() throws Exception {
        try (Server server = cleartextAndTls();
             Socket plain = new Socket("127.0.0.1", server.ports().get(0));
             SSLSocket secure = TlsFixtures.connect(server.ports().get(1))) {
            plain.setSoTimeout(10_000);

            assertThat(TlsFixtures.get(plain, "/tls")).startsWith("HTTP/1.1 200 OK").endsWith("none");
            assertThat(TlsFixtures.get(secure, "/tls")).startsWith("HTTP/1.1 200 OK").endsWith("TLSv1.3");
        }
    }

    @Test
    void eachListenerBindsItsOwnPortAndPortIsTheFirst() {
        try (Server server = cleartextAndTls()) {
            List<Integer> ports = server.ports();

            assertThat(ports).hasSize(2).doesNotHaveDuplicates().doesNotContain(0);
            assertThat(server.port()).isEqualTo(ports.get(0));
        }
    }

    @Test
    void withoutListenersTheConfiguredPortIsTheOnlyOne() {
        try (Server server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1)).build().start()) {
            assertThat(server.ports()).containsExactly(server.port());
        }
    }

    @Test
    void listenerHostOverridesTheServerHost() throws Exception {
        try (Server server = Server.builder().config(c -> c.host("0.0.0.0").ioThreads(1))
                .listener(Listener.http(0).withHost("127.0.0.1"))
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build().start();
             Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            assertThat(TlsFixtures.get(s, "/")).endsWith("ok");
        }
    }

    @Test
    void h2cOnlyListenerAnswersHttp2() throws Exception {
        try (Server server = h2cOnly(); RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "GET", "/", RawH2.END_STREAM);

            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("ok");
        }
    }

    @Test
    void h2cOnlyListenerAnswersAnInvalidPrefaceWithGoAwayProtocolErrorAndCloses() throws Exception {
        try (Server server = h2cOnly(); Socket h1 = new Socket("127.0.0.1", server.port())) {
            h1.setSoTimeout(10_000);
            h1.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            java.io.DataInputStream in = new java.io.DataInputStream(h1.getInputStream());
            byte[] header = new byte[9];
            in.readFully(header);
            byte[] payload = new byte[(header[0] & 0xFF) << 16 | (header[1] & 0xFF) << 8 | header[2] & 0xFF];
            in.readFully(payload);

            assertThat(header[3]).as("frame type").isEqualTo((byte) RawH2.GOAWAY);
            assertThat(java.nio.ByteBuffer.wrap(payload).getInt(4)).as("error code").isEqualTo(0x1);
            assertThat(new String(payload, 8, payload.length - 8, StandardCharsets.US_ASCII))
                    .contains("HTTP/2 only");
            assertThat(in.read()).as("closed after the GOAWAY").isEqualTo(-1);
        }
    }

    private static Server h2cOnly() {
        return Server.builder().listener(Listener.h2c(0).withHost("127.0.0.1"))
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build().start();
    }
}
