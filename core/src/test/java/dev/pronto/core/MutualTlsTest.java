package dev.pronto.core;

import static dev.pronto.core.TlsFixtures.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.wire.TlsEngines;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Client certificates: REQUIRE refuses clients without one; handlers see the peer through the TLS session. */
class MutualTlsTest {
    private static Server server(TlsEngine engine, TlsConfig.ClientAuth mode) {
        Assumptions.assumeTrue(WireSettings.engine(TlsEngines.resolve(WireSettings.provider(engine))) == engine, engine + " does not load here");
        TlsConfig tls = TlsFixtures.localhost(engine).clientAuth(mode).trustedCertificates(TlsFixtures.file("ca.crt")).build();
        return Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.https(0, tls))
                .routes(r -> r.get("/who", (req, res) -> res.send(peer(req))))
                .build().start();
    }

    private static String peer(Request req) throws Exception {
        try {
            return ((java.security.cert.X509Certificate) req.tlsSession().getPeerCertificates()[0])
                    .getSubjectX500Principal().getName();
        } catch (javax.net.ssl.SSLPeerUnverifiedException none) {
            return "anonymous";
        }
    }

    private static HttpResponse<String> get(SSLContext ctx, int port) throws Exception {
        try (HttpClient client = HttpClient.newBuilder().sslContext(ctx).build()) {
            return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + "/who")).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void requiredCertificateIsAcceptedAndVisibleToHandlers(TlsEngine engine) throws Exception {
        try (Server server = server(engine, TlsConfig.ClientAuth.REQUIRE)) {
            assertThat(get(TlsFixtures.clientContextWithCertificate(), server.port()).body()).isEqualTo("CN=pronto-test-client");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void clientWithoutCertificateIsRefusedAndCounted(TlsEngine engine) {
        try (Server server = server(engine, TlsConfig.ClientAuth.REQUIRE)) {
            assertThatThrownBy(() -> get(TlsFixtures.clientContext(), server.port())).isInstanceOf(IOException.class);
            await(() -> server.tlsHandshakeFailures() >= 1, "the refusal to be counted");
        }
    }

    @Test
    void optionalLetsClientsWithoutCertificateIn() throws Exception {
        try (Server server = server(TlsEngine.JDK, TlsConfig.ClientAuth.OPTIONAL)) {
            assertThat(get(TlsFixtures.clientContext(), server.port()).body()).isEqualTo("anonymous");
        }
    }
}
