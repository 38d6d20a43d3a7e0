package dev.pronto.core.internal.http2;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.exchange.BodyDeadline;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.ReadGate;
import dev.pronto.core.internal.util.ConnectionClock;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;

/**
 * What the single timer of an HTTP/2 connection ({@link ConnectionClock}) checks: a preface or header block not finished within the
 * header read timeout closes the connection (a block with GOAWAY PROTOCOL_ERROR); a request body
 * that stalls or drips below the least rate gets 408 and its stream a reset; a complete request
 * nobody answers gets 503 after the response timeout; and a connection with no frames for the idle
 * timeout gets GOAWAY and a close. A client that stops reading (zero window, no frames) is idle too.
 * Body times are on the connection's reading clock, so the server's own pauses never count.
 */
final class H2Timer {
    private static final String SLOW_BODY = "Request body not received in time (bodyReadTimeout, minBodyRate)";
    private final H2Connection conn;
    private final BodyDeadline body;
    /** The connection touches and reads it itself, once per read and per request (no call through this class). */
    final ConnectionClock clock;
    private final H2HeaderWatch headers = new H2HeaderWatch();
    private ReadGate gate;

    H2Timer(H2Connection conn, ServerConfig config) {
        this.conn = conn;
        this.body = new BodyDeadline(config);
        this.clock = new ConnectionClock(config, this::check);
    }

    void start(ChannelHandlerContext ctx, ReadGate readGate) {
        this.gate = readGate;
        clock.start(ctx);
        headers.opened(clock.lastActivity());
    }

    void stop() {
        clock.stop();
    }

    /** See {@link H2HeaderWatch#frames}. */
    void frames(ByteBuf in, int from, int to) {
        headers.frames(in, from, to);
    }

    /** The current read was decoded; {@code rest} is what is left of it. */
    void afterRead(boolean prefaceReceived, ByteBuf rest) {
        headers.afterRead(prefaceReceived, rest, clock.lastActivity());
    }

    /** The head of {@code e} arrived in the current read: its body, if any, starts now. */
    void headersArrived(Exchange e) {
        long now = clock.lastActivity();
        e.received(now);
        H2Slot slot = H2Slot.of(e);
        slot.bodyStart = gate.readingTime(now);
        slot.lastData = slot.bodyStart;
    }

    /** Body bytes of {@code e} arrived in the current read; with its end, the request is whole. */
    void dataArrived(Exchange e, boolean end) {
        long now = clock.lastActivity();
        H2Slot.of(e).lastData = gate.readingTime(now);
        if (end) {
            e.received(now);
        }
    }

    private boolean check(long now) {
        if (conn.closing()) {
            return false;
        }
        if (headers.overdue(now, clock.headerNanos())) {
            if (headers.inPreface()) {
                conn.closeNow();
            } else {
                conn.headerBlockTimedOut();
            }
            return false;
        }
        if (clock.idle(now)) {
            conn.closeIdle();
            return false;
        }
        long reading = gate.readingTime(now);
        conn.forEachExchange(e -> check(e, now, reading));
        return true;
    }

    private void check(Exchange e, long now, long reading) {
        int state = e.state();
        H2Slot slot = H2Slot.of(e);
        if (state == ExchangeState.RECEIVED) {
            long bytes = e.body() == null ? 0 : e.body().readableBytes();
            if (body.silent(reading - slot.lastData) || body.tooSlow(bytes, reading - slot.bodyStart)) {
                bodyTimedOut(e);
            }
        } else if (state == ExchangeState.DISPATCHED) {
            if (e.stream() != null && !e.stream().finished()) {
                // still arriving: the client's to finish (a message stream may go at the sender's
                // pace: silence only), unless the server has stopped reading it for that long
                if (body.silent(reading - slot.lastData) || e.match.value().rated()
                        && body.tooSlow(e.stream().received(), reading - slot.bodyStart)) {
                    bodyTimedOut(e);
                } else if (clock.responseOverdue(now - gate.pausedFor(now), now)) {
                    Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
                }
            } else if (clock.responseOverdue(e.receivedNanos(), now)) {
                Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
            }
        }
    }

    /** 408, and a reset of the stream once it is written (the client may still be sending). */
    private static void bodyTimedOut(Exchange e) {
        e.closeAfterResponse();
        if (e.stream() != null) {
            e.stream().fail(new java.io.IOException(SLOW_BODY));
        }
        Errors.answerByServer(e, 408, SLOW_BODY);
    }
}
