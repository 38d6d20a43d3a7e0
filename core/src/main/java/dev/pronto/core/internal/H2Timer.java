package dev.pronto.core.internal;

import dev.pronto.core.ServerConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;

/**
 * The single timer of an HTTP/2 connection: a request nobody answers gets 503 after the response
 * timeout, a request body that stalls gets 408 after the body read timeout, and a connection with no
 * open stream and no frames for the idle timeout gets GOAWAY and a close. A client that stops
 * reading (zero window, no frames) is idle too. One scheduled task per check period.
 */
final class H2Timer implements Runnable {
    private static final long MIN_PERIOD = TimeUnit.MILLISECONDS.toNanos(10);
    private final H2Connection conn;
    private final long idleNanos;
    private final long bodyNanos;
    private final long responseNanos;
    private final long period;
    private ChannelHandlerContext ctx;
    private Ticker ticker = Ticker.systemTicker();
    private ScheduledFuture<?> future;
    private long lastActivity;

    H2Timer(H2Connection conn, ServerConfig config) {
        this.conn = conn;
        this.idleNanos = config.idleTimeout().toNanos();
        this.bodyNanos = config.bodyReadTimeout().toNanos();
        this.responseNanos = config.responseTimeout().toNanos();
        this.period = Math.max(MIN_PERIOD, Math.min(idleNanos, Math.min(bodyNanos, responseNanos)) / 4);
    }

    void start(ChannelHandlerContext ctx) {
        if (future != null) {
            return;
        }
        this.ctx = ctx;
        this.ticker = ctx.executor().ticker();
        lastActivity = ticker.nanoTime();
        future = ctx.executor().schedule(this, period, TimeUnit.NANOSECONDS);
    }

    void stop() {
        if (future != null) {
            future.cancel(false);
        }
    }

    void touch() {
        lastActivity = ticker.nanoTime();
    }

    long nanoTime() {
        return ticker.nanoTime();
    }

    @Override
    public void run() {
        if (conn.closing() || !ctx.channel().isActive()) {
            return;
        }
        long now = ticker.nanoTime();
        if (now - lastActivity >= idleNanos) {
            conn.closeIdle();
            return;
        }
        conn.forEachExchange(e -> check(e, now));
        future = ctx.executor().schedule(this, period, TimeUnit.NANOSECONDS);
    }

    private void check(Exchange e, long now) {
        int state = e.state();
        if (state == ExchangeState.RECEIVED && now - e.receivedNanos >= bodyNanos) {
            e.closeAfter = true;
            conn.answerByServer(e, 408, "Request body not received in time (bodyReadTimeout)");
        } else if (state == ExchangeState.DISPATCHED && now - e.receivedNanos >= responseNanos) {
            conn.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
        }
    }
}
