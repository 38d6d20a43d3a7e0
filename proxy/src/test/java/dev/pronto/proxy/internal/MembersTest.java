package dev.pronto.proxy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.proxy.Balancing;
import dev.pronto.proxy.Upstream;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The group's admission on its own: slots, the waiting line, and requests whose client went away. */
class MembersTest {
    private final MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Members members = new Members(List.of(Upstream.http("127.0.0.1", 1).withMaxPending(1)),
            new Policy(Balancing.ROUND_ROBIN, 3, Duration.ofSeconds(10), 0, null, Duration.ofSeconds(5), 8), loops);

    @AfterEach
    void close() {
        members.close();
        loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** A waiter that records what the group did with it; it never sends anything. */
    private static final class Probe implements Waiter {
        final List<String> seen = new ArrayList<>();
        Member member;
        Runnable abandon;

        @Override
        public void start(Member m) {
            member = m;
            seen.add("start");
        }

        @Override
        public void refuse(String reason) {
            seen.add("refuse: " + reason);
        }

        @Override
        public void onAbandon(Runnable action) {
            abandon = action;
        }
    }

    @Test
    void aRequestPastMaxPendingWaitsAndStartsWhenTheSlotIsReleased() {
        Probe first = new Probe();
        Probe second = new Probe();
        members.admit(first, null);
        members.admit(second, null);

        assertThat(second.seen).isEmpty();
        assertThat(members.waiting()).isOne();
        members.release(first.member);
        assertThat(second.seen).containsExactly("start");
        assertThat(members.waiting()).isZero();
    }

    @Test
    void aWaitingRequestWhoseClientWentAwayIsDroppedNotStarted() {
        Probe first = new Probe();
        Probe gone = new Probe();
        Probe next = new Probe();
        members.admit(first, null);
        members.admit(gone, null);
        members.admit(next, null);
        gone.abandon.run();

        members.release(first.member);

        assertThat(gone.seen).isEmpty();
        assertThat(next.seen).containsExactly("start");
        assertThat(members.all().get(0).pending()).isOne();
    }

    @Test
    void refusesPastMaxWaiting() {
        Probe first = new Probe();
        members.admit(first, null);
        List<Probe> waiting = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Probe p = new Probe();
            members.admit(p, null);
            waiting.add(p);
        }
        Probe late = new Probe();
        members.admit(late, null);

        assertThat(waiting).allSatisfy(p -> assertThat(p.seen).isEmpty());
        assertThat(late.seen).containsExactly("refuse: every upstream is at maxPending and 8 requests already wait");
    }
}
