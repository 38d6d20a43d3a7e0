package dev.pronto.wire;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Reads PEM certificates and PKCS#8 keys with the JDK alone. Errors are {@link IllegalArgumentException}s
 * that start with the config field and name the file, so a bad file is found at build time or named by
 * the reload warning.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class PemReader {
    private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([\\s\\S]*?)-----END \\1-----");
    private static final String[] KEY_ALGORITHMS = {"RSA", "EC", "EdDSA", "RSASSA-PSS", "DSA"};

    private PemReader() {
    }

    /** Every {@code CERTIFICATE} block of {@code file}, in order; at least one. */
    public static List<X509Certificate> certificates(Path file, String field) {
        List<X509Certificate> out = new ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (Block b : blocks(file, field)) {
                if (b.type().equals("CERTIFICATE")) {
                    out.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(b.der())));
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(field + ": " + file + " holds an invalid certificate (" + e.getMessage() + ")", e);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(field + ": " + file + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
        }
        return out;
    }

    /** The PKCS#8 key of {@code file}, decrypted with {@code password} when it is encrypted. */
    public static PrivateKey privateKey(Path file, String password, String field) {
        for (Block b : blocks(file, field)) {
            switch (b.type()) {
                case "PRIVATE KEY" -> {
                    return decode(new PKCS8EncodedKeySpec(b.der()), file, field);
                }
                case "ENCRYPTED PRIVATE KEY" -> {
                    if (password == null) {
                        throw new IllegalArgumentException(field + ": " + file + " is encrypted; give its password");
                    }
                    return decode(decrypt(b.der(), password, file, field), file, field);
                }
                case "RSA PRIVATE KEY", "EC PRIVATE KEY" -> throw new IllegalArgumentException(field + ": " + file
                        + " is not PKCS#8 (" + b.type() + "); convert it: openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8");
                default -> {
                }
            }
        }
        throw new IllegalArgumentException(field + ": " + file + " holds no PEM private key (-----BEGIN PRIVATE KEY-----)");
    }

    private static PrivateKey decode(PKCS8EncodedKeySpec spec, Path file, String field) {
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException tryNext) {
                // PKCS#8 names its algorithm by OID; the JDK has no lookup by OID, so try the usual ones
            }
        }
        throw new IllegalArgumentException(field + ": " + file + " holds a key of an unsupported algorithm");
    }

    private static PKCS8EncodedKeySpec decrypt(byte[] der, String password, Path file, String field) {
        try {
            EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
            // PBES2 keys name their real scheme (e.g. PBEWithHmacSHA256AndAES_256) in the parameters
            String scheme = info.getAlgName().equals("PBES2") || info.getAlgName().equals("1.2.840.113549.1.5.13")
                    ? info.getAlgParameters().toString() : info.getAlgName();
            Cipher cipher = Cipher.getInstance(scheme);
            cipher.init(Cipher.DECRYPT_MODE, SecretKeyFactory.getInstance(scheme)
                    .generateSecret(new PBEKeySpec(password.toCharArray())), info.getAlgParameters());
            return info.getKeySpec(cipher);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException(field + ": cannot decrypt " + file + " (wrong password or unsupported "
                    + "scheme: " + e.getMessage() + ")", e);
        }
    }

    private record Block(String type, String body, Path file, String field) {
        byte[] der() {
            try {
                return Base64.getMimeDecoder().decode(body);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(field + ": " + file + " holds a " + type + " block that is not plain "
                        + "base64", e);
            }
        }
    }

    private static List<Block> blocks(Path file, String field) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(field + ": cannot read " + file + " (" + e + ")", e);
        }
        List<Block> out = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            out.add(new Block(m.group(1), m.group(2), file, field));
        }
        return out;
    }
}
