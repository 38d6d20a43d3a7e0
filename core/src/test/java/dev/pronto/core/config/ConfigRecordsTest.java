package dev.pronto.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.TlsEngine;
import dev.pronto.core.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Core's records read from layered keys: environment names, the records' defaults, errors naming the key. */
class ConfigRecordsTest {
    private static final Path CERTS = certificates();

    @Test
    void serverSettingsComeFromEnvironmentNames() {
        Config c = Config.builder().env(Map.of("SERVER_PORT", "9090", "SERVER_TRANSPORT", "nio",
                "SERVER_IDLE_TIMEOUT", "5s", "SERVER_MAX_BODY_SIZE", "1024")).build();

        ServerConfig s = ConfigRecords.server(c, "server");

        assertThat(s.port()).isEqualTo(9090);
        assertThat(s.transport()).isEqualTo(Transport.NIO);
        assertThat(s.idleTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.maxBodySize()).isEqualTo(1024);
    }

    @Test
    void bodyRateSettingsComeFromEnvironmentNames() {
        Config c = Config.builder().env(Map.of("SERVER_MIN_BODY_RATE", "1000", "SERVER_MIN_BODY_RATE_GRACE", "2s")).build();

        ServerConfig s = ConfigRecords.server(c, "server");

        assertThat(s.minBodyRate()).isEqualTo(1000);
        assertThat(s.minBodyRateGrace()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void shutdownHookIsOnByDefaultAndCanBeTurnedOff() {
        Config c = Config.builder().env(Map.of("SERVER_SHUTDOWN_HOOK", "false")).build();

        assertThat(ServerConfig.defaults().shutdownHook()).isTrue();
        assertThat(ConfigRecords.server(c, "server").shutdownHook()).isFalse();
    }

    @Test
    void unsetServerKeysKeepTheRecordDefaults() {
        assertThat(ConfigRecords.server(Config.builder().build(), "server")).isEqualTo(ServerConfig.defaults());
    }

    @Test
    void aBadServerValueNamesItsKey() {
        Config c = Config.builder().env(Map.of("SERVER_PORT", "80800")).build();

        assertThatThrownBy(() -> ConfigRecords.server(c, "server"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("server.port");
    }

    @Test
    void tlsIsOffWithoutCertificateAndKey() {
        assertThat(ConfigRecords.tls(Config.builder().build(), "tls")).isNull();
    }

    @Test
    void tlsWithOnlyACertificateNamesTheMissingKey() {
        Config c = Config.builder().env(Map.of("TLS_CERT", CERTS.resolve("localhost.crt").toString())).build();

        assertThatThrownBy(() -> ConfigRecords.tls(c, "tls")).hasMessageStartingWith("tls.key: missing");
    }

    @Test
    void tlsSettingsReadTheFilesAndTheEngine() {
        Config c = Config.builder().env(Map.of("TLS_CERT", CERTS.resolve("localhost.crt").toString(),
                "TLS_KEY", CERTS.resolve("localhost.key").toString(), "TLS_ENGINE", "jdk")).build();

        TlsConfig tls = ConfigRecords.tls(c, "tls");

        assertThat(tls.engine()).isEqualTo(TlsEngine.JDK);
        assertThat(tls.keys().files()).hasSize(2);
    }

    @Test
    void theKeyPasswordIsMaskedInTheDescription() {
        Config c = Config.builder().env(Map.of("TLS_CERT", CERTS.resolve("localhost.crt").toString(),
                "TLS_KEY", CERTS.resolve("localhost-encrypted.key").toString(), "TLS_KEY_PASSWORD", "secret")).build();

        ConfigRecords.tls(c, "tls");

        assertThat(c.describe()).contains("tls.key-password = ***").doesNotContain("secret");
    }

    private static Path certificates() {
        try {
            return Path.of(ConfigRecordsTest.class.getResource("/tls/localhost.crt").toURI()).getParent();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
