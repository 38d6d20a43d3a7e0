package dev.pronto.core.internal;

import dev.pronto.core.ServerConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;

/**
 * The single timer of a connection: idle timeout, header-read timeout, body-read timeout and
 * minimum body rate, and the response timeout of every pending exchange. Activity only stores a
 * timestamp; the timer re-arms itself, so a busy connection costs one scheduled task per check
 * period rather than one per request.
 */
final class ConnectionTimer implements Runnable {
    private static final long MIN_DELAY = TimeUnit.MILLISECONDS.toNanos(10);
    private final HttpConnection conn;
    private final long idleNanos;
    private final long headerNanos;
    private final long bodyNanos;
    private final long responseNanos;
    private final long minBodyRate;
    private final long period;
    private ChannelHandlerContext ctx;
    private Ticker ticker = Ticker.systemTicker();
    private ScheduledFuture<?> future;
    private long lastActivity;

    ConnectionTimer(HttpConnection conn, ServerConfig config) {
        this.conn = conn;
        this.idleNanos = config.idleTimeout().toNanos();
        this.headerNanos = config.headerReadTimeout().toNanos();
        this.bodyNanos = config.bodyReadTimeout().toNanos();
        this.responseNanos = config.responseTimeout().toNanos();
        this.minBodyRate = config.minBodyRate();
        // a quarter of the shortest timeout: each fires at most 25% late, without a task per request
        this.period = Math.max(MIN_DELAY, Math.min(Math.min(idleNanos, headerNanos), Math.min(bodyNanos, responseNanos)) / 4);
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

    long lastActivity() {
        return lastActivity;
    }

    /** The clock of the executor that runs this timer, so deadlines and scheduling agree. */
    long nanoTime() {
        return ticker.nanoTime();
    }

    @Override
    public void run() {
        if (conn.closing() || !ctx.channel().isActive()) {
            return;
        }
        long now = ticker.nanoTime();
        if (check(now)) {
            future = ctx.executor().schedule(this, period, TimeUnit.NANOSECONDS);
        }
    }

    /** Applies every timeout due at {@code now}; false once the connection is being closed. */
    private boolean check(long now) {
        RequestDecoder decoder = conn.decoder();
        long headStart = decoder.headStartNanos;
        if (headStart != 0 && now - headStart >= headerNanos) {
            conn.failFraming(408, "Request head not received within the header read timeout");
            return false;
        }
        if (decoder.inBody() && !conn.readPaused() && bodyTooSlow(decoder, now)) {
            conn.bodyTimedOut();
            return false;
        }
        if (conn.awaitingResponses()) {
            conn.queue.forEachPending(e -> {
                if (ExchangeState.open(e.state()) && now - e.receivedNanos >= responseNanos) {
                    conn.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
                }
            });
        } else if (now - lastActivity >= idleNanos && !decoder.inRequest()) {
            conn.closeNow();
            return false;
        }
        return true;
    }

    private boolean bodyTooSlow(RequestDecoder decoder, long now) {
        if (now - lastActivity >= bodyNanos) {
            return true;
        }
        long elapsed = now - decoder.bodyStartNanos;
        return minBodyRate > 0 && elapsed >= bodyNanos
                && decoder.bodyBytes * TimeUnit.SECONDS.toNanos(1) / elapsed < minBodyRate;
    }
}
