package dev.pronto.auth.internal;

import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * Reads a public key from PEM with the JDK alone (nimbus-jose-jwt's PEM reader needs BouncyCastle): a
 * {@code PUBLIC KEY} (SubjectPublicKeyInfo, RSA or EC) or a {@code CERTIFICATE}'s key.
 */
public final class PemKeys {
    private PemKeys() {
    }

    /**
     * The first public key or certificate key in {@code pem}.
     *
     * @throws IllegalArgumentException if there is none, or it is neither RSA nor EC
     */
    public static PublicKey publicKey(String pem) {
        try {
            if (pem.contains("-----BEGIN CERTIFICATE-----")) {
                byte[] der = block(pem, "CERTIFICATE");
                return CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(der)).getPublicKey();
            }
            X509EncodedKeySpec spec = new X509EncodedKeySpec(block(pem, "PUBLIC KEY"));
            try {
                return KeyFactory.getInstance("RSA").generatePublic(spec);
            } catch (GeneralSecurityException notRsa) {
                return KeyFactory.getInstance("EC").generatePublic(spec);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("pem holds no RSA or EC public key: " + e.getMessage(), e);
        }
    }

    private static byte[] block(String pem, String label) {
        String begin = "-----BEGIN " + label + "-----";
        int start = pem.indexOf(begin);
        int end = pem.indexOf("-----END " + label + "-----");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("pem holds no " + label + " block");
        }
        return Base64.getMimeDecoder().decode(pem.substring(start + begin.length(), end));
    }
}
