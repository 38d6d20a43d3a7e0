package dev.pronto.proxy.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.proxy.Balancing;
import dev.pronto.proxy.Upstream;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The members of an upstream group, the pick of each request and the active health checks (one
 * scheduled task on one of the loops, each check a GET of the health path with the member's
 * timeout: 2xx and 3xx are healthy). Internal: not API.
 */
public final class Members implements AutoCloseable {
    private final Member[] members;
    private final Policy policy;
    private final AtomicInteger turn = new AtomicInteger();
    private final ScheduledFuture<?> checks;

    /** Members for {@code upstreams} with clients on {@code loops}; starts the health checks. */
    public Members(List<Upstream> upstreams, Policy policy, EventLoopGroup loops) {
        this.policy = policy;
        this.members = upstreams.stream().map(u -> new Member(u, loops)).toArray(Member[]::new);
        long period = policy.healthInterval().toNanos();
        this.checks = policy.healthPath() == null ? null
                : loops.next().scheduleAtFixedRate(this::check, 0, period, TimeUnit.NANOSECONDS);
    }

    /** The policy. */
    public Policy policy() {
        return policy;
    }

    /** Every member, in declaration order. */
    public List<Member> all() {
        return List.of(members);
    }

    /** The member for the next request, other than {@code not}; null when none is available. */
    public Member pick(Member not) {
        long now = System.nanoTime();
        int start = Math.floorMod(turn.getAndIncrement(), members.length);
        Member best = null;
        for (int i = 0; i < members.length; i++) {
            Member m = members[(start + i) % members.length];
            if (m == not || !m.available(now)) {
                continue;
            }
            if (policy.balancing() == Balancing.ROUND_ROBIN) {
                return m;
            }
            if (best == null || m.pending.get() < best.pending.get()) {
                best = m;
            }
        }
        return best;
    }

    private void check() {
        for (Member m : members) {
            String uri = "http://" + m.upstream.address() + policy.healthPath();
            Duration timeout = m.upstream.timeout();
            m.sender.send(ClientRequest.builder().uri(uri).timeout(timeout).build()).whenComplete((r, e) -> {
                m.health(e == null && r.status() < 400);
                if (r != null) {
                    ((ClientResponse) r).close();
                }
            });
        }
    }

    @Override
    public void close() {
        if (checks != null) {
            checks.cancel(false);
        }
        for (Member m : members) {
            m.close();
        }
    }
}
