package dev.pronto.wire;

import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;

/**
 * A WebSocket connection's idle timeout and keep-alive ping: the engine marks each read (a field
 * write, no clock read per frame) and its end's periodic check moves the idle clock from there. A
 * ping goes out once per silence of {@code pingInterval}; a silence of {@code idleTimeout} closes
 * with 1001. Event loop only.
 */
final class WsKeepAlive {
    private final WsEngine engine;
    private final long idleNanos;
    private final long pingNanos;
    /** A frame arrived since the last check. */
    private boolean heard;
    private boolean pinged;
    private long lastActivity;

    WsKeepAlive(WsEngine engine, WsSettings settings) {
        this.engine = engine;
        this.idleNanos = settings.idleTimeout().toNanos();
        this.pingNanos = settings.pingInterval().toNanos();
    }

    /** Something arrived. */
    void heard() {
        heard = true;
        pinged = false;
    }

    /** The idle clock starts at {@code now}. */
    void heard(long now) {
        lastActivity = now;
    }

    /** Applies the idle timeout and the ping at {@code now}; false once the connection is closing for idleness. */
    boolean check(long now) {
        if (heard) {
            heard = false;
            lastActivity = now;
        }
        long silent = now - lastActivity;
        if (silent >= idleNanos) {
            engine.close(WebSocketCloseStatus.ENDPOINT_UNAVAILABLE.code(), "Idle timeout");
            return false;
        }
        if (pingNanos > 0 && silent >= pingNanos && !pinged) {
            pinged = true;
            engine.ping();
        }
        return true;
    }
}
