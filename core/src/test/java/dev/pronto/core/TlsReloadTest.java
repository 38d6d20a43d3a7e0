package dev.pronto.core;

import static dev.pronto.core.TlsFixtures.FIRST_SERIAL;
import static dev.pronto.core.TlsFixtures.SECOND_SERIAL;
import static dev.pronto.core.TlsFixtures.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.wire.TlsEngines;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Certificates change without a restart: by API call or by file watch; open connections carry on. */
class TlsReloadTest {
    @TempDir
    Path dir;

    private TlsConfig.Builder copiedFirstPair(TlsEngine engine) throws Exception {
        Assumptions.assumeTrue(engine == TlsEngine.AUTO || WireSettings.engine(TlsEngines.resolve(WireSettings.provider(engine))) == engine, engine + " does not load here");
        Files.copy(TlsFixtures.file("localhost.crt"), dir.resolve("cert.pem"));
        Files.copy(TlsFixtures.file("localhost.key"), dir.resolve("key.pem"));
        return TlsConfig.builder().pem(dir.resolve("cert.pem"), dir.resolve("key.pem")).engine(engine);
    }

    /** Replaces the files with the second pair and moves their modification time forward. */
    private void installSecondPair() throws Exception {
        FileTime later = FileTime.from(Instant.now().plusSeconds(10));
        Files.copy(TlsFixtures.file("localhost2.crt"), dir.resolve("cert.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(TlsFixtures.file("localhost2.key"), dir.resolve("key.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(dir.resolve("cert.pem"), later);
        Files.setLastModifiedTime(dir.resolve("key.pem"), later);
    }

    private static BigInteger serialOfNewConnection(int port) {
        try (SSLSocket s = TlsFixtures.connect(port)) {
            return TlsFixtures.serial(s);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"OPENSSL", "JDK"})
    void reloadServesTheNewCertificateWhileOpenConnectionsCarryOn(TlsEngine engine) throws Exception {
        try (Server server = TlsFixtures.server(copiedFirstPair(engine).build());
             SSLSocket open = TlsFixtures.connect(server.port())) {
            assertThat(TlsFixtures.get(open, "/tls")).startsWith("HTTP/1.1 200 OK");
            installSecondPair();

            assertThat(server.reloadTls()).isTrue();
            assertThat(serialOfNewConnection(server.port())).isEqualTo(SECOND_SERIAL);
            assertThat(TlsFixtures.get(open, "/tls")).startsWith("HTTP/1.1 200 OK");
            assertThat(TlsFixtures.serial(open)).isEqualTo(FIRST_SERIAL);
        }
    }

    @Test
    void failedReloadKeepsTheCurrentCertificate() throws Exception {
        try (Server server = TlsFixtures.server(copiedFirstPair(TlsEngine.JDK).build())) {
            Files.writeString(dir.resolve("key.pem"), "not a key");

            assertThat(server.reloadTls()).isFalse();
            assertThat(serialOfNewConnection(server.port())).isEqualTo(FIRST_SERIAL);
        }
    }

    @Test
    void mismatchedPairMidRotationIsRefused() throws Exception {
        try (Server server = TlsFixtures.server(copiedFirstPair(TlsEngine.JDK).build())) {
            Files.copy(TlsFixtures.file("localhost2.crt"), dir.resolve("cert.pem"), StandardCopyOption.REPLACE_EXISTING);

            assertThat(server.reloadTls()).isFalse();
            assertThat(serialOfNewConnection(server.port())).isEqualTo(FIRST_SERIAL);
        }
    }

    @Test
    void fileWatchReloadsChangedFiles() throws Exception {
        TlsConfig tls = copiedFirstPair(TlsEngine.AUTO).reloadInterval(Duration.ofMillis(20)).build();
        try (Server server = TlsFixtures.server(tls)) {
            installSecondPair();

            await(() -> serialOfNewConnection(server.port()).equals(SECOND_SERIAL), "the watch to reload");
        }
    }
}
