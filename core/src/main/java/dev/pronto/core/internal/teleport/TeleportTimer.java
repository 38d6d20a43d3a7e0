package dev.pronto.core.internal.teleport;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.util.ConnectionClock;
import java.util.function.LongPredicate;

/**
 * What the single timer of a teleport connection (its {@link ConnectionClock}) checks at each tick:
 * calls unanswered past the response timeout get 503 ({@link TeleportPending#timeOut}); a message
 * arriving in part past its {@link TeleportDeadlines}, or a connection with nothing in flight and
 * nothing read for the idle timeout, is closed. Time the connection waits for the event loop's body
 * budget counts as activity, and time the server stops reading does not count against a message.
 * Event loop only.
 */
final class TeleportTimer implements LongPredicate {
    private final TeleportConnection conn;
    private final TeleportDeadlines deadlines;

    TeleportTimer(TeleportConnection conn, ServerConfig config) {
        this.conn = conn;
        this.deadlines = new TeleportDeadlines(config);
    }

    /** Applies every timeout due at {@code now}; false once the connection is being closed. */
    @Override
    public boolean test(long now) {
        if (conn.closing()) {
            return false;
        }
        ConnectionClock clock = conn.clock();
        TeleportPending pending = conn.pending();
        if (pending.size() > 0) {
            pending.timeOut(now - clock.responseNanos());
        }
        if (conn.pauses().awaitingBudget()) {
            clock.touch();
            return true;
        }
        TeleportDecoder decoder = conn.decoder();
        // a message in part is timed whatever else is in flight; time the server stops reading does not count
        boolean overdue = decoder.partial()
                ? !conn.readPaused() && deadlines.overdue(decoder, now, now - clock.lastActivity(), conn.readingTime(now))
                : pending.size() == 0 && clock.idle(now);
        if (overdue) {
            conn.closeNow();
            return false;
        }
        return true;
    }
}
