package dev.pronto.proxy.internal;

import dev.pronto.proxy.Upstream;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An upstream as its group sees it: its client, requests in flight, and health. Health is decided
 * by the upstream's connections and its health checks, never by how long it takes to answer: a slow
 * upstream is busy, not broken. Passive: after {@code ejectAfter} connection failures in a row
 * (connect refused or failed, connection closed before the answer) it is left out for the
 * cool-down; timeouts do not count. Active: the last health check's verdict, asked over a client of
 * its own so that a check never waits behind the requests it is meant to judge. Any thread.
 */
public final class Member implements AutoCloseable {
    final Upstream upstream;
    final Sender sender;
    /** The health checks' client: one connection, apart from the forwarded load. Null without checks. */
    final Sender probe;
    final AtomicInteger pending = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    /** When passive ejection ends; read only while {@link #ejected}, which is written after it. */
    private volatile long ejectedUntil;
    private volatile boolean ejected;
    private volatile boolean healthy = true;
    /** A health probe is in flight: the next check waits for its answer instead of being refused beside it. */
    private final java.util.concurrent.atomic.AtomicBoolean probing = new java.util.concurrent.atomic.AtomicBoolean();

    Member(Upstream upstream, EventLoopGroup loops, Policy policy) {
        this.upstream = upstream;
        this.sender = new Sender(upstream, loops);
        this.probe = policy.healthPath() == null ? null : Sender.probe(upstream, loops);
    }

    /** The upstream. */
    public Upstream upstream() {
        return upstream;
    }

    /** Requests in flight to it. */
    public int pending() {
        return pending.get();
    }

    /** Takes one of its {@code maxPending} slots when it serves and has one free; false otherwise. */
    boolean tryAcquire(long now) {
        if (!serving(now)) {
            return false;
        }
        int max = upstream.maxPending();
        for (int n = pending.get(); n < max; n = pending.get()) {
            if (pending.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Whether active checks and passive ejection both let it serve. */
    public boolean serving() {
        return serving(System.nanoTime());
    }

    boolean serving(long now) {
        // a clock read before another thread's healthy verdict must not count as ejected: no "until now" stamp
        return healthy && (!ejected || now - ejectedUntil >= 0);
    }

    void succeeded() {
        failures.set(0);
    }

    /** A connection failure: counts towards ejection. Timeouts and HTTP errors are not failures of the upstream. */
    void failed(Policy policy) {
        if (failures.incrementAndGet() >= policy.ejectAfter()) {
            failures.set(0);
            ejectedUntil = System.nanoTime() + policy.cooldown().toNanos();
            ejected = true;
        }
    }

    /** Claims the next health probe; false while the previous one is still in flight (its answer decides). */
    boolean startProbe() {
        return probing.compareAndSet(false, true);
    }

    /** The probe claimed by {@link #startProbe} answered (or failed, or timed out). */
    void probed(boolean ok) {
        health(ok);
        probing.set(false);
    }

    void health(boolean ok) {
        healthy = ok;
        if (ok) {
            ejected = false;
        }
    }

    @Override
    public void close() {
        sender.close();
        if (probe != null) {
            probe.close();
        }
    }
}
