package dev.pronto.core.internal.util;

import dev.pronto.core.ServerConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.Ticker;
import java.util.function.LongPredicate;

/**
 * The one timer an HTTP or teleport connection runs: the server's idle, header-read,
 * body-read and response timeouts, and a {@link PeriodicCheck} ticking at a quarter of the shortest
 * of them, which applies the protocol's own check. The connection calls {@link #touch()} per read and
 * reads {@link #lastActivity()} per request, both on this class's own field (no call goes further);
 * nothing is scheduled per request. Event loop only.
 */
public final class ConnectionClock {
    private final long idleNanos;
    private final long headerNanos;
    private final long responseNanos;
    private final PeriodicCheck clock;
    private Ticker ticker = Ticker.systemTicker();
    private long lastActivity;
    private boolean started;

    /** The timeouts of {@code config}; {@code check} gets the current time and returns whether to keep checking. */
    public ConnectionClock(ServerConfig config, LongPredicate check) {
        this.idleNanos = config.idleTimeout().toNanos();
        this.headerNanos = config.headerReadTimeout().toNanos();
        this.responseNanos = config.responseTimeout().toNanos();
        long body = config.bodyReadTimeout().toNanos();
        this.clock = new PeriodicCheck(Math.min(Math.min(idleNanos, headerNanos), Math.min(body, responseNanos)), check);
    }

    /** Starts ticking on the executor of {@code ctx}; the idle clock starts now. A second call does nothing. */
    public void start(ChannelHandlerContext ctx) {
        if (started) {
            return;
        }
        started = true;
        ticker = ctx.executor().ticker();
        lastActivity = ticker.nanoTime();
        clock.start(ctx);
    }

    /** Stops ticking. */
    public void stop() {
        clock.stop();
    }

    /** The connection read something now. */
    public void touch() {
        lastActivity = ticker.nanoTime();
    }

    /** When the connection last read something. */
    public long lastActivity() {
        return lastActivity;
    }

    /** The clock of the executor that runs the check. */
    public long nanoTime() {
        return ticker.nanoTime();
    }

    /** Whether the connection has read nothing for the idle timeout by {@code now}. */
    public boolean idle(long now) {
        return now - lastActivity >= idleNanos;
    }

    /** Whether what started at {@code since} (0: nothing started) is past the header read timeout at {@code now}. */
    public boolean headerOverdue(long since, long now) {
        return since != 0 && now - since >= headerNanos;
    }

    /** Whether a wait that started at {@code since} is past the response timeout at {@code now}. */
    public boolean responseOverdue(long since, long now) {
        return now - since >= responseNanos;
    }

    /** The response timeout, in nanoseconds. */
    public long responseNanos() {
        return responseNanos;
    }

    /** The header read timeout, in nanoseconds. */
    public long headerNanos() {
        return headerNanos;
    }
}
