package dev.pronto.core.internal;

import dev.pronto.core.ServerConfig;
import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;

/**
 * The single timer of an HTTP/1.1 connection: idle timeout, header-read timeout, body-read timeout
 * and minimum body rate, and the response timeout of every pending exchange.
 */
final class ConnectionTimer {
    private final HttpConnection conn;
    private final long idleNanos;
    private final long headerNanos;
    private final long bodyNanos;
    private final long responseNanos;
    private final long minBodyRate;
    private final PeriodicCheck clock;

    ConnectionTimer(HttpConnection conn, ServerConfig config) {
        this.conn = conn;
        this.idleNanos = config.idleTimeout().toNanos();
        this.headerNanos = config.headerReadTimeout().toNanos();
        this.bodyNanos = config.bodyReadTimeout().toNanos();
        this.responseNanos = config.responseTimeout().toNanos();
        this.minBodyRate = config.minBodyRate();
        this.clock = new PeriodicCheck(Math.min(Math.min(idleNanos, headerNanos), Math.min(bodyNanos, responseNanos)),
                this::check);
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

    long lastActivity() {
        return clock.lastActivity();
    }

    long nanoTime() {
        return clock.nanoTime();
    }

    /** Applies every timeout due at {@code now}; false once the connection is being closed. */
    private boolean check(long now) {
        if (conn.closing()) {
            return false;
        }
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
                    Errors.answerByServer(e, 503, "Service Unavailable: no response within the response timeout");
                }
            });
        } else if (now - clock.lastActivity() >= idleNanos && !decoder.inRequest()) {
            conn.closeNow();
            return false;
        }
        return true;
    }

    private boolean bodyTooSlow(RequestDecoder decoder, long now) {
        if (now - clock.lastActivity() >= bodyNanos) {
            return true;
        }
        long elapsed = now - decoder.bodyStartNanos;
        return minBodyRate > 0 && elapsed >= bodyNanos
                && decoder.bodyBytes * TimeUnit.SECONDS.toNanos(1) / elapsed < minBodyRate;
    }
}
