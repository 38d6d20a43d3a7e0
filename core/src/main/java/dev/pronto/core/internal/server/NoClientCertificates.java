package dev.pronto.core.internal.server;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.X509TrustManager;

/**
 * The trust manager of a server context that asks for no client certificate. Why: given none, both engines
 * build the JDK's default one, which parses every CA of the JDK's {@code cacerts} (about 150 certificates,
 * 4.5 MB of garbage and 0.1 s of CPU per context at start) for a check that never runs. Trusting nothing keeps
 * that check closed should it ever run.
 */
final class NoClientCertificates implements X509TrustManager {
    static final NoClientCertificates INSTANCE = new NoClientCertificates();

    private NoClientCertificates() {
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("this listener does not accept client certificates");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("a server context trusts no server certificate");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
