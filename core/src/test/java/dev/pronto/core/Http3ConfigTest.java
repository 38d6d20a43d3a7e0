package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** HTTP/3 settings and listeners are validated when made, naming the field and the value. */
class Http3ConfigTest {
    @Test
    void defaultsAreTheDocumentedOnes() {
        Http3Config d = Http3Config.defaults();

        assertThat(d.maxBidiStreams()).isEqualTo(256);
        assertThat(d.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(d.initialMaxData()).isEqualTo(16L << 20);
        assertThat(d.initialMaxStreamData()).isEqualTo(1L << 20);
        assertThat(d.activeConnectionIds()).isEqualTo(4);
        assertThat(d.maxFieldSectionSize()).isZero();
        assertThat(d.retry()).isTrue();
    }

    @Test
    void udpDefaultsAreTheDocumentedOnes() {
        Http3Config.Udp u = Http3Config.defaults().udp();

        assertThat(u).isEqualTo(new Http3Config.Udp(8 << 20, 8 << 20, 1452, 16));
    }

    @Test
    void congestionDefaultsAreQuichesAndRfc9002s() {
        assertThat(Http3Config.defaults().congestion())
                .isEqualTo(new Http3Config.Congestion(Http3Config.Algorithm.CUBIC, 10, Http3Config.HyStart.ON));
    }

    @Test
    void initialWindowOfNoDatagramIsRefused() {
        assertThatThrownBy(() -> new Http3Config.Congestion(Http3Config.Algorithm.BBR, 0, Http3Config.HyStart.ON))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("initialWindowPackets must be in 1..1000, got 0");
    }

    @Test
    void datagramBelowQuicsMinimumIsRefused() {
        assertThatThrownBy(() -> new Http3Config.Udp(8 << 20, 8 << 20, 1000, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxUdpPayload must be in 1200..65527, got 1000");
    }

    @Test
    void gsoSendAboveOneUdpDatagramIsRefused() {
        assertThatThrownBy(() -> new Http3Config.Udp(8 << 20, 8 << 20, 1452, 64))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gsoSegments * maxUdpPayload must be at most 65507 (one UDP send), got 64 * 1452; lower gsoSegments");
    }

    @Test
    void largestGsoSendOfEthernetDatagramsIsAccepted() {
        assertThat(new Http3Config.Udp(8 << 20, 8 << 20, 1452, 45).gsoSegments()).isEqualTo(45);
    }

    @Test
    void streamLimitBelowOneIsRefused() {
        assertThatThrownBy(() -> Http3Config.defaults().withMaxBidiStreams(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxBidiStreams must be in 1..2147483647, got 0");
    }

    @Test
    void streamWindowAboveTheConnectionWindowIsRefused() {
        assertThatThrownBy(() -> Http3Config.defaults().withInitialMaxStreamData(32L << 20))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("initialMaxStreamData must be in");
    }

    @Test
    void idleTimeoutBelowOneSecondIsRefused() {
        assertThatThrownBy(() -> Http3Config.defaults().withIdleTimeout(Duration.ofMillis(10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("idleTimeout must be at least 1 s, got PT0.01S");
    }

    @Test
    void http3ListenerNeedsTlsAndStandsAlone() {
        assertThatThrownBy(() -> new Listener(null, 443, List.of(Protocol.HTTP_3), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("HTTP_3").hasMessageContaining("tls");
        TlsConfig tls = TlsFixtures.localhost(TlsEngine.AUTO).build();
        assertThatThrownBy(() -> new Listener(null, 443, List.of(Protocol.HTTP_3, Protocol.HTTP_2), tls))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only protocol");
        assertThat(Listener.http3(443, tls).protocols()).containsExactly(Protocol.HTTP_3);
    }
}
