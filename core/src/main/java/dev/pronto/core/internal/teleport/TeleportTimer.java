package dev.pronto.core.internal.teleport;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.util.ConnectionClock;
import io.netty.channel.ChannelHandlerContext;

/**
 * What the single timer of a teleport connection ({@link ConnectionClock}) checks: calls unanswered past the response
 * timeout get 503 ({@link TeleportPending#timeOut}); a message arriving in part past its
 * {@link TeleportDeadlines}, or a connection with nothing in flight and nothing read for the idle
 * timeout, is closed. Time the connection waits for the event loop's body budget counts as activity,
 * and time the server stops reading does not count against a message. The connection calls
 * {@link #touch()} per read, a field write; nothing is scheduled per request. Event loop only.
 */
final class TeleportTimer {
    private final TeleportConnection conn;
    private final TeleportDeadlines deadlines;
    private final ConnectionClock clock;

    TeleportTimer(TeleportConnection conn, ServerConfig config) {
        this.conn = conn;
        this.deadlines = new TeleportDeadlines(config);
        this.clock = new ConnectionClock(config, this::check);
    }

    /** Starts ticking on the executor of {@code ctx}; the idle clock starts now. */
    void start(ChannelHandlerContext ctx) {
        clock.start(ctx);
    }

    void stop() {
        clock.stop();
    }

    /** The connection read something now. */
    void touch() {
        clock.touch();
    }

    /** When the connection last read something. */
    long lastActivity() {
        return clock.lastActivity();
    }

    /** The clock of the executor that runs the check. */
    long nanoTime() {
        return clock.nanoTime();
    }

    private boolean check(long now) {
        if (conn.closing()) {
            return false;
        }
        TeleportPending pending = conn.pending();
        if (pending.size() > 0) {
            pending.timeOut(now - clock.responseNanos());
        }
        if (conn.pauses().awaitingBudget()) {
            clock.touch();
            return true;
        }
        long quiet = now - clock.lastActivity();
        TeleportDecoder decoder = conn.decoder();
        // a message in part is timed whatever else is in flight; time the server stops reading does not count
        boolean overdue = decoder.partial()
                ? !conn.readPaused() && deadlines.overdue(decoder, now, quiet, conn.readingTime(now))
                : pending.size() == 0 && clock.idle(now);
        if (overdue) {
            conn.closeNow();
            return false;
        }
        return true;
    }
}
