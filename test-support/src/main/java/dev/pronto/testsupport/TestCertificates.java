package dev.pronto.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A self-signed certificate for {@code DNS:localhost} and its PKCS#8 key, as PEM files, for tests that
 * serve TLS. They live in this jar and are copied once per JVM into a temporary directory (a resource
 * inside a jar is no file), which is deleted on exit. Any thread.
 */
public final class TestCertificates {
    private static final Path DIR = extract("localhost.crt", "localhost.key");

    private TestCertificates() {
    }

    /** The certificate's PEM file. */
    public static Path certificate() {
        return DIR.resolve("localhost.crt");
    }

    /** The private key's PEM file (PKCS#8, unencrypted). */
    public static Path key() {
        return DIR.resolve("localhost.key");
    }

    private static Path extract(String... names) {
        try {
            Path dir = Files.createTempDirectory("pronto-test-tls");
            dir.toFile().deleteOnExit();
            for (String name : names) {
                Path file = dir.resolve(name);
                try (InputStream in = TestCertificates.class.getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IllegalStateException(name + " is missing from pronto-test-support");
                    }
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
                file.toFile().deleteOnExit();
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
