package dev.pronto.examples.arena;

import dev.pronto.testsupport.TestCertificates;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificate the tests serve: HttpArena's self-signed pair under ../shared/arena-data/certs when it
 * is there, else {@link TestCertificates}' localhost pair. Both name DNS:localhost.
 */
final class ArenaCerts {
    private static final Path SHARED = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/arena-data/certs");

    private ArenaCerts() {
    }

    static Path certificate() {
        return Files.isReadable(SHARED.resolve("server.crt")) ? SHARED.resolve("server.crt") : TestCertificates.certificate();
    }

    static Path key() {
        return Files.isReadable(SHARED.resolve("server.crt")) ? SHARED.resolve("server.key") : TestCertificates.key();
    }

    /** A client context trusting only {@link #certificate()}. */
    static SSLContext clientContext() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(certificate())) {
            trust.setCertificateEntry("arena", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
