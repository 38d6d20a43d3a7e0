package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.TlsEngine;
import dev.pronto.core.TlsKeys;
import dev.pronto.wire.TlsEngines;
import io.netty.handler.ssl.SslProvider;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The client against Pronto's own TLS listener (a self-signed DNS:localhost certificate, and client
 * certificates signed by ca.crt), with both engines: trust, hostname verification and mutual TLS.
 */
class HttpsTest {
    private static Server server;

    static Path file(String name) {
        try {
            return Path.of(HttpsTest.class.getResource("/tls/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void start() {
        TlsConfig tls = TlsConfig.builder().pem(file("localhost.crt"), file("localhost.key"))
                .clientAuth(TlsConfig.ClientAuth.OPTIONAL).trustedCertificates(file("ca.crt")).build();
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.https(0, tls))
                .routes(r -> r.get("/who", (req, res) -> res.send(peer(req.tlsSession()))))
                .build().start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String peer(javax.net.ssl.SSLSession session) {
        try {
            return ((X509Certificate) session.getPeerCertificates()[0]).getSubjectX500Principal().getName();
        } catch (javax.net.ssl.SSLPeerUnverifiedException none) {
            return "anonymous";
        }
    }

    private static ClientTls.Builder trustingLocalhost(TlsEngine engine) {
        Assumptions.assumeTrue(TlsEngines.resolve(SslProvider.valueOf(engine.name())).name().equals(engine.name()), engine + " does not load here");
        return ClientTls.builder().engine(engine).trustedCertificates(file("localhost.crt"));
    }

    private static String get(ClientTls tls, String host) {
        try (HttpClient client = HttpClient.create(ClientConfig.builder().maxAttempts(1).tls(tls).build());
             ClientResponse r = client.sendBlocking(ClientRequest.get("https://" + host + ":" + server.port() + "/who"))) {
            return r.string();
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void trustedCertificateNamingTheHostIsAccepted(TlsEngine engine) {
        assertThat(get(trustingLocalhost(engine).build(), "localhost")).isEqualTo("anonymous");
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void certificateNotNamingTheHostFailsClearly(TlsEngine engine) {
        ClientTls tls = trustingLocalhost(engine).build();

        assertThatThrownBy(() -> get(tls, "127.0.0.1"))
                .isInstanceOf(ConnectFailedException.class)
                .hasMessageContaining("SSLHandshakeException");
    }

    @Test
    void hostnameVerificationCanBeTurnedOff() {
        ClientTls tls = trustingLocalhost(TlsEngine.JDK).hostnameVerification(ClientTls.HostnameVerification.NONE).build();

        assertThat(get(tls, "127.0.0.1")).isEqualTo("anonymous");
    }

    @Test
    void trustStoreIsTrusted() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(file("localhost.crt"))) {
            trust.setCertificateEntry("localhost", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }

        assertThat(get(ClientTls.builder().trustStore(trust).build(), "localhost")).isEqualTo("anonymous");
    }

    @Test
    void serverOutsideTheJdkTrustStoreIsRefusedByDefault() {
        assertThatThrownBy(() -> get(ClientTls.defaults(), "localhost"))
                .isInstanceOf(ConnectFailedException.class)
                .hasMessageContaining("SSLHandshakeException");
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void clientCertificateIsPresented(TlsEngine engine) {
        ClientTls tls = trustingLocalhost(engine).keys(TlsKeys.pem(file("client.crt"), file("client.key"))).build();

        assertThat(get(tls, "localhost")).isEqualTo("CN=pronto-test-client");
    }

    @Test
    void trustFromBothAFileAndAStoreIsRefused() throws Exception {
        ClientTls.Builder both = ClientTls.builder().trustedCertificates(file("ca.crt")).trustStore(KeyStore.getInstance("PKCS12"));

        assertThatThrownBy(both::build).hasMessageContaining("choose one");
    }
}
