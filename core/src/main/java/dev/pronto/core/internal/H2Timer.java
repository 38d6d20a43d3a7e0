package dev.pronto.core.internal;

import dev.pronto.core.ServerConfig;
import io.netty.channel.ChannelHandlerContext;

/**
 * The single timer of an HTTP/2 connection: a request nobody answers gets 503 after the response
 * timeout, a request body that stalls gets 408 after the body read timeout, and a connection with no
 * frames for the idle timeout gets GOAWAY and a close. A client that stops reading (zero window, no
 * frames) is idle too.
 */
final class H2Timer {
    private final H2Connection conn;
    private final long idleNanos;
    private final long bodyNanos;
    private final long responseNanos;
    private final PeriodicCheck clock;

    H2Timer(H2Connection conn, ServerConfig config) {
        this.conn = conn;
        this.idleNanos = config.idleTimeout().toNanos();
        this.bodyNanos = config.bodyReadTimeout().toNanos();
        this.responseNanos = config.responseTimeout().toNanos();
        this.clock = new PeriodicCheck(Math.min(idleNanos, Math.min(bodyNanos, responseNanos)), this::check);
    }

    void start(ChannelHandlerContext ctx) {
        clock.start(ctx);
    }

    void stop() {
        clock.stop();
    }

    void touch() {
        clock.touch();
    }

    long nanoTime() {
        return clock.nanoTime();
    }

    private boolean check(long now) {
        if (conn.closing()) {
            return false;
        }
        if (now - clock.lastActivity() >= idleNanos) {
            conn.closeIdle();
            return false;
        }
        conn.forEachExchange(e -> check(e, now));
        return true;
    }

    private void check(Exchange e, long now) {
        int state = e.state();
        if (state == ExchangeState.RECEIVED && now - e.receivedNanos >= bodyNanos) {
            e.closeAfter = true;
            Errors.answerByServer(e, 408, "Request body not received in time (bodyReadTimeout)");
        } else if (state == ExchangeState.DISPATCHED && now - e.receivedNanos >= responseNanos) {
            Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
        }
    }
}
