package dev.pronto.examples.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import dev.pronto.examples.gateway.EdgeListeners.Http3;
import dev.pronto.testsupport.TestCertificates;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The edge's listeners for gateway-64 and gateway-h3, and the H3 switch that tells them apart. */
class EdgeListenersTest {
    private static final TlsConfig TLS = TlsConfig.builder().pem(TestCertificates.certificate(), TestCertificates.key()).build();

    @Test
    void withoutH3TheEdgeIsOneTlsListenerOfferingH2ThenHttp11() {
        List<Listener> listeners = EdgeListeners.of(8443, TLS, Http3.fromEnv(null));

        assertThat(listeners).singleElement().satisfies(l -> {
            assertThat(l.port()).isEqualTo(8443);
            assertThat(l.tls()).isSameAs(TLS);
            assertThat(l.protocols()).containsExactly(Protocol.HTTP_2, Protocol.HTTP_1_1);
        });
    }

    @Test
    void h3IsZeroOrOne() {
        assertThat(List.of(Http3.fromEnv(""), Http3.fromEnv("0"), Http3.fromEnv("1")))
                .containsExactly(Http3.OFF, Http3.OFF, Http3.ON);
        assertThatIllegalArgumentException().isThrownBy(() -> Http3.fromEnv("yes")).withMessage("H3 must be 0 or 1, got 'yes'");
    }

    @Test
    void h3OnAddsHttp3OnTheSamePortNumber() {
        List<Listener> listeners = EdgeListeners.of(8443, TLS, Http3.ON);

        assertThat(listeners).hasSize(2);
        assertThat(listeners.get(1)).satisfies(l -> {
            assertThat(l.port()).isEqualTo(8443);
            assertThat(l.tls()).isSameAs(TLS);
            assertThat(l.protocols()).containsExactly(Protocol.HTTP_3);
        });
    }
}
