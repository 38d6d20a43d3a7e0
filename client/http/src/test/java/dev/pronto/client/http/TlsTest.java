package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.InputStream;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** https through Netty's SslContext, with host name verification. */
class TlsTest {
    private static final char[] PASSWORD = "changeit".toCharArray();
    private KeyStore keys;
    private RawServer server;

    @BeforeEach
    void start() throws Exception {
        keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = TlsTest.class.getResourceAsStream("/localhost.p12")) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        server = RawServer.startTls((ctx, i, req) -> RawServer.send(ctx, RawServer.ok("secure")),
                SslContextBuilder.forServer(kmf).build());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void httpsWorksWithATrustedCertificate() throws Exception {
        SslContext trust = SslContextBuilder.forClient().trustManager((X509Certificate) keys.getCertificate("test")).build();
        try (HttpClient client = HttpClient.create(ClientConfig.builder().sslContext(trust).build());
             ClientResponse r = client.sendBlocking(ClientRequest.get(server.url("/")))) {
            assertThat(r.string()).isEqualTo("secure");
        }
    }

    @Test
    void untrustedCertificateFailsTheRequest() {
        try (HttpClient client = HttpClient.create(ClientConfig.builder().maxAttempts(1).build())) {
            assertThatThrownBy(() -> client.sendBlocking(ClientRequest.get(server.url("/"))))
                    .isInstanceOf(ConnectFailedException.class)
                    .hasMessageContaining("SSLHandshakeException");
        }
    }
}
