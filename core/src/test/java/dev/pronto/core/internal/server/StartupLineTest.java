package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Listener;
import dev.pronto.core.TlsConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The start-up line names what each listener speaks and how long start-up took. */
class StartupLineTest {
    @Test
    void cleartextListenerNamesHttp11AndH2c() {
        assertThat(StartupLine.listener("0.0.0.0:8080", Listener.http(8080))).isEqualTo("0.0.0.0:8080 [HTTP/1.1, h2c]");
    }

    @Test
    void tlsListenerNamesH2AndHttp11InAlpnOrder() throws Exception {
        TlsConfig tls = TlsConfig.builder().pem(resource("localhost.crt"), resource("localhost.key")).build();

        assertThat(StartupLine.listener("0.0.0.0:8443 [TLS]", Listener.https(8443, tls)))
                .isEqualTo("0.0.0.0:8443 [TLS] [h2, HTTP/1.1]");
    }

    private static Path resource(String name) throws Exception {
        return Path.of(StartupLineTest.class.getResource("/tls/" + name).toURI());
    }

    @Test
    void teleportListenerIsNamed() {
        assertThat(StartupLine.listener("0.0.0.0:9000", Listener.teleport(9000))).isEqualTo("0.0.0.0:9000 [teleport]");
    }

    @Test
    void startUpTimeIsGivenInMilliseconds() {
        assertThat(StartupLine.took(System.nanoTime())).matches("in \\d+ ms( \\(process up \\d+ ms\\))?");
    }
}
