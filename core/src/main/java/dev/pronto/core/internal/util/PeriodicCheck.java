package dev.pronto.core.internal.util;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

/**
 * The schedule a connection's timer needs: one check scheduled per period on the connection's
 * executor (never one task per request), on that executor's clock. The check gets the current time
 * and returns whether to keep checking. Event loop only.
 */
public final class PeriodicCheck implements Runnable {
    private static final long MIN_PERIOD = TimeUnit.MILLISECONDS.toNanos(10);
    private final long period;
    private final LongPredicate check;
    private ChannelHandlerContext ctx;
    private Ticker ticker = Ticker.systemTicker();
    private ScheduledFuture<?> future;

    /** Checks every quarter of {@code shortestTimeout}, so each timeout fires at most 25% late. */
    public PeriodicCheck(long shortestTimeout, LongPredicate check) {
        this.period = Math.max(MIN_PERIOD, shortestTimeout / 4);
        this.check = check;
    }

    public void start(ChannelHandlerContext ctx) {
        if (future != null) {
            return;
        }
        this.ctx = ctx;
        this.ticker = ctx.executor().ticker();
        future = ctx.executor().schedule(this, period, TimeUnit.NANOSECONDS);
    }

    public void stop() {
        if (future != null) {
            future.cancel(false);
        }
    }

    /** The clock of the executor that runs the check, so deadlines and scheduling agree. */
    public long nanoTime() {
        return ticker.nanoTime();
    }

    @Override
    public void run() {
        if (ctx.channel().isActive() && check.test(ticker.nanoTime())) {
            future = ctx.executor().schedule(this, period, TimeUnit.NANOSECONDS);
        }
    }
}
