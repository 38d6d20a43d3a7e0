package dev.pronto.core;

import dev.pronto.testsupport.Await;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.function.BooleanSupplier;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificates under src/test/resources/tls (made once with openssl) and a raw HTTP/1.1-over-TLS
 * client for the TLS tests: localhost.* (RSA, serial 1001) and localhost2.* (EC, serial 1002) are
 * self-signed for DNS:localhost; client.* is signed by ca.crt.
 */
final class TlsFixtures {
    static final BigInteger FIRST_SERIAL = BigInteger.valueOf(0x1001);
    static final BigInteger SECOND_SERIAL = BigInteger.valueOf(0x1002);

    private TlsFixtures() {
    }

    static Path file(String name) {
        try {
            return Path.of(TlsFixtures.class.getResource("/tls/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** TLS settings presenting the first localhost certificate with {@code engine}. */
    static TlsConfig.Builder localhost(TlsEngine engine) {
        return TlsConfig.builder().pem(file("localhost.crt"), file("localhost.key")).engine(engine);
    }

    /** A server on 127.0.0.1 with one TLS listener and a route answering the TLS version it saw. */
    static Server server(TlsConfig tls) {
        return Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.https(0, tls))
                .routes(r -> r.get("/tls", (req, res) -> res.send(req.tlsSession() == null ? "none" : req.tlsSession().getProtocol())))
                .build().start();
    }

    /** A client context trusting both localhost certificates. */
    static SSLContext clientContext() throws Exception {
        return clientContext(null);
    }

    /** A client context trusting both localhost certificates and presenting client.p12 (CN=pronto-test-client). */
    static SSLContext clientContextWithCertificate() throws Exception {
        KeyStore keys = KeyStore.getInstance(file("client.p12").toFile(), "changeit".toCharArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, "changeit".toCharArray());
        return clientContext(kmf);
    }

    private static SSLContext clientContext(KeyManagerFactory kmf) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        CertificateFactory cf = CertificateFactory.getInstance("X.509");
        for (String name : new String[] {"localhost.crt", "localhost2.crt"}) {
            try (InputStream in = java.nio.file.Files.newInputStream(file(name))) {
                trust.setCertificateEntry(name, cf.generateCertificate(in));
            }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx;
    }

    /** A handshaken TLS socket to localhost:{@code port} offering {@code alpn} (none when empty). */
    static SSLSocket connect(int port, String... alpn) throws Exception {
        SSLSocket s = (SSLSocket) clientContext().getSocketFactory().createSocket("localhost", port);
        s.setSoTimeout(10_000);
        SSLParameters p = s.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS");
        if (alpn.length > 0) {
            p.setApplicationProtocols(alpn);
        }
        s.setSSLParameters(p);
        s.startHandshake();
        return s;
    }

    /** The serial number of the certificate the server presented on {@code s}. */
    static BigInteger serial(SSLSocket s) throws Exception {
        return ((X509Certificate) s.getSession().getPeerCertificates()[0]).getSerialNumber();
    }

    /** Sends a keep-alive GET of {@code path} and reads one response: status line, headers and body. */
    static String get(Socket s, String path) throws IOException {
        s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int at = text.toLowerCase(java.util.Locale.ROOT).indexOf("content-length: ");
        int length = Integer.parseInt(text.substring(at + 16, text.indexOf("\r\n", at)).trim());
        return text + new String(in.readNBytes(length), StandardCharsets.US_ASCII);
    }

    /** Reads until the peer closes; what it sent before. */
    static String readToClose(Socket s) throws IOException {
        return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }

    /** Waits up to 10 s for {@code condition}. */
    static void await(BooleanSupplier condition, String what) {
        Await.until(what, condition);
    }
}
