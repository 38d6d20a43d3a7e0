package dev.pronto.wire;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A private key and its certificate chain, read from PEM files or a key store and checked to belong
 * together. Errors are {@link IllegalArgumentException}s naming the setting ({@code certificateChain},
 * {@code privateKey}, {@code keyStore}) and the file.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 * Immutable; any thread.
 *
 * @param key the private key
 * @param chain the certificates, leaf first
 */
public record KeyMaterial(PrivateKey key, List<X509Certificate> chain) {
    private static final byte[] PROBE = "pronto key match probe".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Reads a PEM chain and key and checks that the key matches the leaf certificate. */
    public static KeyMaterial pem(Path certificateChain, Path privateKey, String password) {
        List<X509Certificate> chain = PemReader.certificates(certificateChain, "certificateChain");
        PrivateKey key = PemReader.privateKey(privateKey, password, "privateKey");
        if (!matches(key, chain.getFirst())) {
            throw new IllegalArgumentException("privateKey: " + privateKey + " does not match the certificate "
                    + chain.getFirst().getSubjectX500Principal() + " of certificateChain " + certificateChain);
        }
        return new KeyMaterial(key, chain);
    }

    /** Loads a PKCS#12 or JKS file. */
    public static KeyStore readKeyStore(Path file, String password) {
        try {
            return KeyStore.getInstance(file.toFile(), password.toCharArray());
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException("keyStore: cannot read " + file + " (" + e + "); is the password right?", e);
        }
    }

    /** The first key entry of {@code store}; {@code source} names it in errors. */
    public static KeyMaterial keyStore(KeyStore store, String password, String source) {
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias) && store.getKey(alias, password.toCharArray()) instanceof PrivateKey key) {
                    Certificate[] certs = store.getCertificateChain(alias);
                    if (certs == null || certs.length == 0) {
                        throw new IllegalArgumentException(source + ": key entry '" + alias + "' has no certificate chain");
                    }
                    return new KeyMaterial(key, Arrays.stream(certs).map(c -> (X509Certificate) c).toList());
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(source + ": cannot read its key entry (" + e + "); is the password right?", e);
        }
        throw new IllegalArgumentException(source + ": holds no private key entry");
    }

    /** Whether {@code key} signs what the certificate's public key verifies; true for algorithms not checked. */
    private static boolean matches(PrivateKey key, X509Certificate certificate) {
        if (key instanceof java.security.interfaces.RSAPrivateCrtKey rsa
                && certificate.getPublicKey() instanceof java.security.interfaces.RSAPublicKey pub) {
            // a CRT key carries its public half: comparing it costs nothing, where an RSA signature made by the
            // interpreter costs about 0.1 s of start-up per listener
            return rsa.getModulus().equals(pub.getModulus()) && rsa.getPublicExponent().equals(pub.getPublicExponent());
        }
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "EdDSA", "Ed25519", "Ed448" -> "EdDSA";
            default -> null;
        };
        if (algorithm == null) {
            return true;
        }
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(PROBE);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(PROBE);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** The leaf certificate. */
    public X509Certificate certificate() {
        return chain.getFirst();
    }
}
