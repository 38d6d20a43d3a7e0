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
 * The members of an upstream group, the admission of each request and the active health checks (one
 * scheduled task on one of the loops, each check a GET of the health path with the member's timeout
 * over the member's own probe connection: 2xx and 3xx are healthy). Internal: not API.
 *
 * <p>Admission, the group's one state machine per request: a request takes a slot of a serving
 * member with room ({@code pending < maxPending}) and starts; when every serving member is full it
 * waits in the {@link WaitingLine}, behind those already waiting; it is refused (503) only when no
 * member serves at all or the line is full. Every slot is given back through {@link #release}, which
 * then starts waiting requests while slots are free: whoever frees a slot or joins the line drains
 * it, so no request waits while a slot is free. A request that waited longer than the member's
 * timeout is refused rather than sent: its client has likely given up.
 */
public final class Members implements AutoCloseable {
    private final Member[] members;
    private final Policy policy;
    private final AtomicInteger turn = new AtomicInteger();
    private final WaitingLine line;
    private final ScheduledFuture<?> checks;

    /** Members for {@code upstreams} with clients on {@code loops}; starts the health checks. */
    public Members(List<Upstream> upstreams, Policy policy, EventLoopGroup loops) {
        this.policy = policy;
        this.line = new WaitingLine(policy.maxWaiting());
        this.members = upstreams.stream().map(u -> new Member(u, loops, policy)).toArray(Member[]::new);
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

    /** Requests waiting for a slot now. */
    public int waiting() {
        return line.size();
    }

    /**
     * Starts {@code w} on a member other than {@code not} (a retry's failed member; null for none),
     * on {@code not} when it is the only one serving, or later when a slot frees; or refuses it.
     */
    void admit(Waiter w, Member not) {
        if (line.isEmpty()) {
            Member m = reserve(not);
            if (m == null && not != null && not.tryAcquire(System.nanoTime())) {
                m = not;
            }
            if (m != null) {
                w.start(m);
                return;
            }
        }
        if (!anyServing()) {
            w.refuse("no upstream available (all down or ejected)");
        } else if (!line.join(w)) {
            w.refuse("every upstream is at maxPending and " + policy.maxWaiting() + " requests already wait");
        } else {
            drain();
        }
    }

    /** Gives back the slot of a request to {@code m} that ended, and starts waiting requests. */
    void release(Member m) {
        m.pending.decrementAndGet();
        drain();
    }

    /** Starts waiting requests while slots are free; refuses them all when no member serves. */
    private void drain() {
        while (!line.isEmpty()) {
            Member m = reserve(null);
            if (m == null) {
                if (!anyServing()) {
                    refuseAll();
                }
                return;
            }
            WaitingLine.Entry e = line.poll();
            while (e != null && (e.abandoned() || System.nanoTime() - e.since() > m.upstream.timeout().toNanos())) {
                if (!e.abandoned()) {
                    e.refuse("waited longer than " + m.upstream.timeout().toMillis() + " ms for a free upstream");
                }
                e = line.poll();
            }
            if (e == null) {
                m.pending.decrementAndGet();
                continue;
            }
            e.start(m, this);
        }
    }

    private void refuseAll() {
        for (WaitingLine.Entry e = line.poll(); e != null; e = line.poll()) {
            e.refuse("no upstream available (all down or ejected)");
        }
    }

    private boolean anyServing() {
        long now = System.nanoTime();
        for (Member m : members) {
            if (m.serving(now)) {
                return true;
            }
        }
        return false;
    }

    /** A member other than {@code not} with one of its slots now taken, or null when none has room. */
    private Member reserve(Member not) {
        long now = System.nanoTime();
        int start = Math.floorMod(turn.getAndIncrement(), members.length);
        if (policy.balancing() == Balancing.ROUND_ROBIN) {
            for (int i = 0; i < members.length; i++) {
                Member m = members[(start + i) % members.length];
                if (m != not && m.tryAcquire(now)) {
                    return m;
                }
            }
            return null;
        }
        return leastPending(not, now, start);
    }

    private Member leastPending(Member not, long now, int start) {
        // a member that filled up between the look and the take is looked past on the next round
        for (int round = 0; round < members.length; round++) {
            Member best = null;
            for (int i = 0; i < members.length; i++) {
                Member m = members[(start + i) % members.length];
                int n = m.pending.get();
                if (m != not && m.serving(now) && n < m.upstream.maxPending() && (best == null || n < best.pending.get())) {
                    best = m;
                }
            }
            if (best == null) {
                return null;
            }
            if (best.tryAcquire(now)) {
                return best;
            }
        }
        return null;
    }

    private void check() {
        for (Member m : members) {
            if (!m.startProbe()) {
                // a slow upstream is not down because its last check is still being answered; its timeout bounds that
                continue;
            }
            probe(m);
        }
    }

    private void probe(Member m) {
        String uri = "http://" + m.upstream.address() + policy.healthPath();
        Duration timeout = m.upstream.timeout();
        java.util.concurrent.CompletionStage<dev.pronto.client.http.ClientResponse> sent;
        try {
            sent = m.probe.send(ClientRequest.builder().uri(uri).timeout(timeout).build());
        } catch (RuntimeException refused) {
            m.probed(false);
            return;
        }
        sent.whenComplete((r, e) -> {
            m.probed(e == null && r.status() < 400);
            if (r != null) {
                r.close();
            }
            drain();
        });
    }

    @Override
    public void close() {
        if (checks != null) {
            checks.cancel(false);
        }
        refuseAll();
        for (Member m : members) {
            m.close();
        }
    }
}
