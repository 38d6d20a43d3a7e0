package dev.pronto.examples.arena;

import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificate the tests serve: HttpArena's self-signed pair under ../shared/arena-data/certs when it
 * is there, else the self-signed localhost test pair under src/test/resources/tls. Both name DNS:localhost.
 */
final class ArenaCerts {
    private static final Path SHARED = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/arena-data/certs");

    private ArenaCerts() {
    }

    static Path certificate() {
        return Files.isReadable(SHARED.resolve("server.crt")) ? SHARED.resolve("server.crt") : resource("localhost.crt");
    }

    static Path key() {
        return Files.isReadable(SHARED.resolve("server.crt")) ? SHARED.resolve("server.key") : resource("localhost.key");
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

    private static Path resource(String name) {
        try {
            return Path.of(ArenaCerts.class.getResource("/tls/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
