package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which listeners the arena app opens, from its environment. */
class ArenaListenersTest {
    @Test
    void defaultsAreHttpArenasPorts() {
        ArenaConfig config = ArenaConfig.fromEnv(Map.of());

        assertThat(List.of(config.port(), config.tlsPort(), config.h2Port(), config.h2cPort())).containsExactly(8080, 8081, 8443, 8082);
        assertThat(config.tlsCert()).isEqualTo(Path.of("/certs/server.crt"));
        assertThat(config.tlsKey()).isEqualTo(Path.of("/certs/server.key"));
    }

    @Test
    void withoutCertificateOnlyTheCleartextListenersOpen(@TempDir Path dir) {
        List<Listener> listeners = ArenaListeners.of(ArenaConfig.fromEnv(Map.of("PORT", "1", "H2C_PORT", "2",
                "TLS_CERT", dir.resolve("missing.crt").toString(), "TLS_KEY", dir.resolve("missing.key").toString())));

        assertThat(listeners).extracting(Listener::port).containsExactly(1, 2, 8090);
        assertThat(listeners).allSatisfy(l -> assertThat(l.tls()).isNull());
    }

    @Test
    void eachListenerOffersItsProfilesProtocols() {
        List<Listener> listeners = ArenaListeners.of(ArenaConfig.fromEnv(Map.of("PORT", "1", "H2C_PORT", "2", "TLS_PORT", "3",
                "H2_PORT", "4", "TLS_CERT", ArenaCerts.certificate().toString(), "TLS_KEY", ArenaCerts.key().toString())));

        assertThat(listeners).extracting(Listener::port).containsExactly(1, 2, 3, 4, 4, 8090);
        assertThat(listeners).extracting(Listener::protocols).containsExactly(
                List.of(Protocol.HTTP_1_1, Protocol.HTTP_2), List.of(Protocol.HTTP_2),
                List.of(Protocol.HTTP_1_1), List.of(Protocol.HTTP_2, Protocol.HTTP_1_1), List.of(Protocol.HTTP_3),
                List.of(Protocol.TELEPORT));
        assertThat(listeners.subList(ArenaListeners.TLS, ArenaListeners.H3 + 1)).allSatisfy(l -> assertThat(l.tls()).isNotNull());
    }
}
