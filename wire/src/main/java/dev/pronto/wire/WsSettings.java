package dev.pronto.wire;

import java.time.Duration;

/**
 * What one WebSocket connection's {@link WsEngine} runs with: the end it plays, message and queue
 * limits, and its timeouts (each side maps its options onto this).
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 *
 * @param role which end: decides the masking the codec expects and writes
 * @param maxMessageSize the largest message (and frame) accepted, in bytes, positive
 * @param mode whole messages or each frame as it arrives
 * @param maxQueuedBytes bytes of sends that may wait for the socket before the connection closes with 1008, positive
 * @param idleTimeout silence after which the connection closes with 1001, positive
 * @param pingInterval silence after which a ping goes out; zero for none
 * @param closeTimeout how long after our close frame the socket waits for the peer's, positive
 */
public record WsSettings(WsRole role, int maxMessageSize, WsAssembler.Mode mode, long maxQueuedBytes,
        Duration idleTimeout, Duration pingInterval, Duration closeTimeout) {
    /** Checks every limit; throws IllegalArgumentException naming the field and value otherwise. */
    public WsSettings {
        if (role == null || mode == null || idleTimeout == null || pingInterval == null || closeTimeout == null) {
            throw new IllegalArgumentException("role, mode, idleTimeout, pingInterval and closeTimeout are required");
        }
        positive("maxMessageSize", maxMessageSize);
        positive("maxQueuedBytes", maxQueuedBytes);
        positive("idleTimeout", idleTimeout.toNanos());
        positive("closeTimeout", closeTimeout.toNanos());
        if (pingInterval.isNegative()) {
            throw new IllegalArgumentException("pingInterval must not be negative, got " + pingInterval);
        }
    }

    /** How often the idle and ping check must look: the shorter of the idle timeout and the ping interval. */
    public long shortestNanos() {
        long ping = pingInterval.toNanos();
        long idle = idleTimeout.toNanos();
        return ping > 0 ? Math.min(ping, idle) : idle;
    }

    private static void positive(String field, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + " must be positive, got " + value);
        }
    }
}
