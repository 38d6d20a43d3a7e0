package dev.pronto.core.internal.http3;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.exchange.BodyDeadline;
import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.util.PeriodicCheck;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http3.Http3ErrorCode;
import java.util.List;

/**
 * The timeouts of an HTTP/3 connection's streams, one periodic check per connection (never a task per
 * request): a stream whose HEADERS do not arrive within {@code headerReadTimeout} is reset
 * (H3_REQUEST_INCOMPLETE); a body that stalls for {@code bodyReadTimeout} or arrives below
 * {@code minBodyRate} gets 408; a request nobody answers gets 503 after {@code responseTimeout}. An idle
 * connection is QUIC's to close ({@code Http3Config.idleTimeout}). Event loop only.
 */
final class H3Timer {
    private static final String SLOW_BODY = "Request body not received in time (bodyReadTimeout, minBodyRate)";
    private static final String NO_RESPONSE = "Service Unavailable: no response within the response timeout";

    private final List<H3Stream> streams;
    private final BodyDeadline body;
    private final long headerNanos;
    private final long responseNanos;
    private final PeriodicCheck clock;

    H3Timer(List<H3Stream> streams, ServerConfig config) {
        this.streams = streams;
        this.body = new BodyDeadline(config);
        this.headerNanos = config.headerReadTimeout().toNanos();
        this.responseNanos = config.responseTimeout().toNanos();
        this.clock = new PeriodicCheck(Math.min(Math.min(headerNanos, responseNanos), body.period()), this::check);
    }

    void start(ChannelHandlerContext ctx) {
        clock.start(ctx);
    }

    void stop() {
        clock.stop();
    }

    long nanoTime() {
        return clock.nanoTime();
    }

    private boolean check(long now) {
        // backwards: a check may close a stream, which removes it from the list
        for (int i = streams.size() - 1; i >= 0; i--) {
            if (i < streams.size()) {
                check(streams.get(i), now);
            }
        }
        return true;
    }

    private void check(H3Stream s, long now) {
        Exchange e = s.exchange();
        if (e == null) {
            if (now - s.openedAt >= headerNanos) {
                H3Connection.reset(s.channel(), Http3ErrorCode.H3_REQUEST_INCOMPLETE);
            }
            return;
        }
        int state = e.state();
        boolean paused = !s.channel().config().isAutoRead();
        if (state == ExchangeState.RECEIVED) {
            long bytes = e.body() == null ? 0 : e.body().readableBytes();
            if (body.silent(now - s.lastData) || body.tooSlow(bytes, now - s.bodyStart)) {
                bodyTimedOut(e);
            }
        } else if (state == ExchangeState.DISPATCHED) {
            if (e.stream() != null && !e.stream().finished()) {
                // still arriving: the client's to finish, unless the server itself stopped reading it
                if (!paused && (body.silent(now - s.lastData) || e.match.value().rated()
                        && body.tooSlow(e.stream().received(), now - s.bodyStart))) {
                    bodyTimedOut(e);
                }
            } else if (now - e.receivedNanos() >= responseNanos) {
                Errors.answerByServer(e, 503, NO_RESPONSE);
            }
        }
    }

    private static void bodyTimedOut(Exchange e) {
        e.closeAfterResponse();
        if (e.stream() != null) {
            e.stream().fail(new java.io.IOException(SLOW_BODY));
        }
        Errors.answerByServer(e, 408, SLOW_BODY);
    }
}
