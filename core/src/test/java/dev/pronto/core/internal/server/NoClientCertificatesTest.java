package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.Test;

/** The trust manager of listeners without client authentication trusts nothing, should it ever be asked. */
class NoClientCertificatesTest {
    private static X509Certificate[] chain() throws Exception {
        try (InputStream in = NoClientCertificatesTest.class.getResourceAsStream("/tls/client.crt")) {
            return new X509Certificate[] {(X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in)};
        }
    }

    @Test
    void refusesEveryClientChain() throws Exception {
        X509Certificate[] chain = chain();
        assertThatThrownBy(() -> NoClientCertificates.INSTANCE.checkClientTrusted(chain, "RSA"))
                .isInstanceOf(CertificateException.class);
    }

    @Test
    void namesNoAcceptedIssuer() {
        assertThat(NoClientCertificates.INSTANCE.getAcceptedIssuers()).isEmpty();
    }
}
