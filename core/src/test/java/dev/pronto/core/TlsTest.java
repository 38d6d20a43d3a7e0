package dev.pronto.core;

import static dev.pronto.core.TlsFixtures.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.wire.TlsEngines;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** HTTP/1.1 over TLS on real sockets, with both engines: ALPN, clients, and bad handshakes closed and counted. */
class TlsTest {
    private static TlsConfig.Builder tls(TlsEngine engine) {
        Assumptions.assumeTrue(WireSettings.engine(TlsEngines.resolve(WireSettings.provider(engine))) == engine, engine + " does not load here");
        return TlsFixtures.localhost(engine);
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void jdkHttpClientOfferingH2GetsHttp2(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).build());
             HttpClient client = HttpClient.newBuilder().sslContext(TlsFixtures.clientContext()).build()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + "/tls"))
                    .build(), HttpResponse.BodyHandlers.ofString());

            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(r.body()).isEqualTo("TLSv1.3");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void clientWithoutAlpnGetsHttp11(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).build());
             SSLSocket s = TlsFixtures.connect(server.port())) {
            String response = TlsFixtures.get(s, "/tls");

            assertThat(s.getApplicationProtocol()).isEmpty();
            assertThat(response).startsWith("HTTP/1.1 200 OK\r\n").endsWith("TLSv1.3");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void alpnPrefersH2AmongTheClientsOffers(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).build());
             SSLSocket s = TlsFixtures.connect(server.port(), "h2", "http/1.1")) {
            s.startHandshake();
            assertThat(s.getApplicationProtocol()).isEqualTo("h2");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void http1OnlyTlsListenerChoosesHttp11(TlsEngine engine) throws Exception {
        try (Server server = Server.builder().listener(Listener.https(0, tls(engine).build()).withHost("127.0.0.1")
                        .withProtocols(Protocol.HTTP_1_1))
                .routes(r -> r.get("/tls", (req, res) -> res.send(req.tlsSession().getProtocol()))).build().start();
             SSLSocket s = TlsFixtures.connect(server.port(), "h2", "http/1.1")) {
            assertThat(s.getApplicationProtocol()).isEqualTo("http/1.1");
            assertThat(TlsFixtures.get(s, "/tls")).startsWith("HTTP/1.1 200 OK\r\n");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void tls12IsAccepted(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).build());
             SSLSocket s = (SSLSocket) TlsFixtures.clientContext().getSocketFactory().createSocket("localhost", server.port())) {
            s.setSoTimeout(10_000);
            s.setEnabledProtocols(new String[] {"TLSv1.2"});

            assertThat(TlsFixtures.get(s, "/tls")).endsWith("TLSv1.2");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void plainHttpToTheTlsPortIsClosedAndCounted(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).build());
             Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /tls HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));

            assertThat(TlsFixtures.readToClose(s)).doesNotContain("HTTP/1.1");
            await(() -> server.tlsHandshakeFailures() == 1, "the failure to be counted");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void silentClientIsClosedAfterTheHandshakeTimeout(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).handshakeTimeout(Duration.ofMillis(200)).build());
             Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);

            assertThat(s.getInputStream().read()).isEqualTo(-1);
            await(() -> server.tlsHandshakeFailures() == 1, "the timeout to be counted");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void unsupportedTlsVersionFailsTheHandshakeAndIsCounted(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(tls(engine).protocols("TLSv1.3").build());
             SSLSocket s = (SSLSocket) TlsFixtures.clientContext().getSocketFactory().createSocket("localhost", server.port())) {
            s.setSoTimeout(10_000);
            s.setEnabledProtocols(new String[] {"TLSv1.2"});

            assertThatThrownBy(s::startHandshake).isInstanceOf(java.io.IOException.class);
            await(() -> server.tlsHandshakeFailures() == 1, "the failure to be counted");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void keyStoreFileServes(TlsEngine engine) throws Exception {
        TlsConfig keyStore = tls(engine).keys(TlsKeys.keyStore(TlsFixtures.file("localhost.p12"), "changeit")).build();
        try (Server server = TlsFixtures.server(keyStore);
             SSLSocket s = TlsFixtures.connect(server.port())) {
            assertThat(TlsFixtures.serial(s)).isEqualTo(TlsFixtures.FIRST_SERIAL);
        }
    }

    @Test
    void curlGetsHttp11() throws Exception {
        Assumptions.assumeTrue(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/curl")), "curl is not installed");
        try (Server server = TlsFixtures.server(TlsFixtures.localhost(TlsEngine.AUTO).build())) {
            Process curl = new ProcessBuilder("/usr/bin/curl", "--http1.1", "-k", "-s", "-w", " %{http_version}",
                    "https://localhost:" + server.port() + "/tls").redirectErrorStream(true).start();
            String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);

            assertThat(curl.waitFor()).isZero();
            assertThat(out).isEqualTo("TLSv1.3 1.1");
        }
    }
}
