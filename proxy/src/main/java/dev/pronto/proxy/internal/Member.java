package dev.pronto.proxy.internal;

import dev.pronto.proxy.Upstream;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An upstream as its group sees it: its client, requests in flight, and health. Passive: after
 * {@code ejectAfter} failures in a row (connection failures and timeouts) it is left out for the
 * cool-down. Active: the last health check's verdict. Any thread.
 */
public final class Member implements AutoCloseable {
    final Upstream upstream;
    final Sender sender;
    final AtomicInteger pending = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile long ejectedUntil;
    private volatile boolean healthy = true;

    Member(Upstream upstream, EventLoopGroup loops) {
        this.upstream = upstream;
        this.sender = new Sender(upstream, loops);
    }

    /** The upstream. */
    public Upstream upstream() {
        return upstream;
    }

    /** Requests in flight to it. */
    public int pending() {
        return pending.get();
    }

    /** Whether it may take a request now: healthy, not ejected, below its pending limit. */
    boolean available(long now) {
        return healthy && now - ejectedUntil >= 0 && pending.get() < upstream.maxPending();
    }

    /** Whether active checks and passive ejection both let it serve. */
    public boolean serving() {
        return healthy && System.nanoTime() - ejectedUntil >= 0;
    }

    void succeeded() {
        failures.set(0);
    }

    void failed(Policy policy) {
        if (failures.incrementAndGet() >= policy.ejectAfter()) {
            failures.set(0);
            ejectedUntil = System.nanoTime() + policy.cooldown().toNanos();
        }
    }

    void health(boolean ok) {
        healthy = ok;
        if (ok) {
            ejectedUntil = System.nanoTime();
        }
    }

    @Override
    public void close() {
        sender.close();
    }
}
