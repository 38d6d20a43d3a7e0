package dev.pronto.examples.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.ServerConfig;
import dev.pronto.proxy.Upstream;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The gateway's upstream bound follows the server's per-connection bound, one teleport connection per edge loop. */
class EdgeUpstreamTest {
    @Test
    void takesAsManyRequestsInFlightAsTheServerTakesOnTheEdgesConnectionsOnePerLoop() {
        MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        try {
            Upstream sized = EdgeUpstream.sized(Upstream.teleport("127.0.0.1", 8090), loops);

            assertThat(sized.maxPending()).isEqualTo(2 * ServerConfig.DEFAULT_MAX_PENDING_RESPONSES);
        } finally {
            loops.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void holdsWhatHttpArenasEdgeForwardsAt1024ConnectionsOnTheComposeProxysCpus() {
        int forwardedInFlight = 1024 * 32 * 14 / 20;

        assertThat(EdgeUpstream.maxPending(40)).isGreaterThanOrEqualTo(forwardedInFlight);
    }

    @Test
    void waitsTenSecondsForAnAnswer() {
        MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            assertThat(EdgeUpstream.sized(Upstream.http("127.0.0.1", 8080), loops).timeout()).isEqualTo(Duration.ofSeconds(10));
        } finally {
            loops.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
