package dev.pronto.examples.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.ServerConfig;
import dev.pronto.proxy.Upstream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The gateway's upstream bounds: never more in flight than the server takes on one connection, the rest waits. */
class EdgeUpstreamTest {
    @Test
    void neverSendsMoreInFlightThanTheServerTakesOnOneConnection() {
        assertThat(EdgeUpstream.sized(Upstream.teleport("127.0.0.1", 8090)).maxPending())
                .isEqualTo(ServerConfig.DEFAULT_MAX_PENDING_RESPONSES);
    }

    @Test
    void letsWhatHttpArenasEdgeForwardsAt1024ConnectionsWaitRatherThan503() {
        int forwardedInFlight = 1024 * 32 * 14 / 20;

        assertThat(EdgeUpstream.MAX_PENDING + EdgeUpstream.MAX_WAITING).isGreaterThanOrEqualTo(forwardedInFlight);
    }

    @Test
    void waitsTenSecondsForAnAnswer() {
        assertThat(EdgeUpstream.sized(Upstream.http("127.0.0.1", 8080)).timeout()).isEqualTo(Duration.ofSeconds(10));
    }
}
