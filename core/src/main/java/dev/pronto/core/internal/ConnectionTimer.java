package dev.pronto.core.internal;

import dev.pronto.core.ServerConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The single timer of a connection, covering both the idle timeout and the header-read timeout.
 * Activity only stores a timestamp; the timer re-arms itself when it fires early, so a busy
 * connection costs one scheduled task per timeout period rather than one per request.
 */
final class ConnectionTimer implements Runnable {
    private final HttpConnection conn;
    private final long idleNanos;
    private final long headerNanos;
    private ChannelHandlerContext ctx;
    private Ticker ticker = Ticker.systemTicker();
    private ScheduledFuture<?> future;
    private long lastActivity;

    ConnectionTimer(HttpConnection conn, ServerConfig config) {
        this.conn = conn;
        this.idleNanos = config.idleTimeout().toNanos();
        this.headerNanos = config.headerReadTimeout().toNanos();
    }

    void start(ChannelHandlerContext ctx) {
        if (future != null) {
            return;
        }
        this.ctx = ctx;
        this.ticker = ctx.executor().ticker();
        lastActivity = ticker.nanoTime();
        arm(Math.min(idleNanos, headerNanos));
    }

    void stop() {
        if (future != null) {
            future.cancel(false);
        }
    }

    void touch() {
        lastActivity = ticker.nanoTime();
    }

    /** The clock of the executor that runs this timer, so deadlines and scheduling agree. */
    long nanoTime() {
        return ticker.nanoTime();
    }

    private void arm(long delayNanos) {
        future = ctx.executor().schedule(this, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void run() {
        if (conn.closing() || !ctx.channel().isActive()) {
            return;
        }
        long now = ticker.nanoTime();
        long headStart = conn.headStartNanos();
        if (headStart != 0 && now - headStart >= headerNanos) {
            conn.failFraming(408, "Request head not received within the header read timeout");
            return;
        }
        if (!conn.awaitingResponses() && now - lastActivity >= idleNanos) {
            conn.closeNow();
            return;
        }
        long untilIdle = idleNanos - (now - lastActivity);
        long untilHeader = headStart != 0 ? headerNanos - (now - headStart) : headerNanos;
        arm(Math.max(TimeUnit.MILLISECONDS.toNanos(10), Math.min(untilIdle <= 0 ? idleNanos : untilIdle, untilHeader)));
    }
}
