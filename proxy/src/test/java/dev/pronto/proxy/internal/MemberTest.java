package dev.pronto.proxy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.proxy.Balancing;
import dev.pronto.proxy.Upstream;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One member's health: passive ejection, its cool-down, and the active checks' verdict. */
class MemberTest {
    private static final Policy POLICY =
            new Policy(Balancing.ROUND_ROBIN, 2, Duration.ofSeconds(10), 0, null, Duration.ofSeconds(5), 8);
    private final MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Member member = new Member(Upstream.http("127.0.0.1", 1), loops, POLICY);

    @AfterEach
    void close() {
        member.close();
        loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void aHealthyVerdictAfterTheCallerReadTheClockDoesNotLookLikeAnEjection() {
        long before = System.nanoTime();

        member.probed(true);

        assertThat(member.serving(before)).isTrue();
    }

    @Test
    void isLeftOutForTheCoolDownAfterEjectAfterFailuresInARow() {
        member.failed(POLICY);
        assertThat(member.serving()).isTrue();

        member.failed(POLICY);

        assertThat(member.serving()).isFalse();
        assertThat(member.serving(System.nanoTime() + POLICY.cooldown().toNanos() + 1)).isTrue();
    }

    @Test
    void aHealthyCheckEndsAPassiveEjection() {
        member.failed(POLICY);
        member.failed(POLICY);

        member.probed(true);

        assertThat(member.serving()).isTrue();
    }

    @Test
    void anUnhealthyCheckTakesItOutUntilAHealthyOne() {
        member.probed(false);
        assertThat(member.serving()).isFalse();

        member.probed(true);

        assertThat(member.serving()).isTrue();
    }
}
