package dev.pronto.core.internal.http1;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.exchange.BodyDeadline;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.util.ConnectionClock;
import java.util.function.LongPredicate;

/**
 * What the single timer of an HTTP/1.1 connection (its {@link ConnectionClock}) checks at each tick:
 * idle timeout, header-read timeout, body-read timeout and minimum body rate, and the response
 * timeout of every pending exchange. The connection itself touches and reads the clock.
 */
final class ConnectionTimer implements LongPredicate {
    private final HttpConnection conn;
    private final BodyDeadline body;

    ConnectionTimer(HttpConnection conn, ServerConfig config) {
        this.conn = conn;
        this.body = new BodyDeadline(config);
    }

    /** Applies every timeout due at {@code now}; false once the connection is being closed. */
    @Override
    public boolean test(long now) {
        ConnectionClock clock = conn.clock;
        if (conn.closing()) {
            return false;
        }
        RequestDecoder decoder = conn.decoder();
        // the first bytes of a connection may be held to tell HTTP/1.1 from the h2c preface: a head too
        long headStart = decoder.headStartNanos != 0 ? decoder.headStartNanos : conn.prefaceSince();
        if (clock.headerOverdue(headStart, now)) {
            conn.failFraming(408, "Request head not received within the header read timeout");
            return false;
        }
        boolean paused = conn.readPaused();
        if (decoder.inBody() && !paused && bodyTooSlow(decoder, now)) {
            conn.bodyTimedOut();
            return false;
        }
        if (conn.awaitingResponses()) {
            Exchange streaming = decoder.streamingExchange();
            conn.queue.forEachPending(e -> {
                // a body still arriving is the client's to finish (the body timeouts above); only
                // while the server stops reading it does the wait count against the handler
                long since = e != streaming ? e.receivedNanos() : paused ? clock.lastActivity() : now;
                if (ExchangeState.open(e.state()) && clock.responseOverdue(since, now)) {
                    Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
                }
            });
        } else if (clock.idle(now) && !decoder.inRequest()) {
            conn.closeNow();
            return false;
        }
        return true;
    }

    private boolean bodyTooSlow(RequestDecoder decoder, long now) {
        if (body.silent(now - conn.clock.lastActivity())) {
            return true;
        }
        // a message stream may go at the sender's pace (a gRPC client stream): silence only
        Exchange streaming = decoder.streamingExchange();
        return (streaming == null || streaming.match.value().rated())
                && body.tooSlow(decoder.bodyBytes, conn.readingTime(now) - decoder.bodyStartNanos);
    }
}
