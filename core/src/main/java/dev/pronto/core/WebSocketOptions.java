package dev.pronto.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How a WebSocket route runs: message limits, where callbacks run, timeouts, outbound bound and
 * compression. Immutable; build with {@link #builder()} or start from {@link #defaults()}.
 *
 * <pre>{@code
 * r.ws("/chat", WebSocketOptions.builder().blocking().maxMessageSize(1 << 20)
 *         .compression(WebSocketOptions.Deflate.defaults()).build(), handler);
 * }</pre>
 *
 * @param maxMessageSize largest message (and frame) accepted, in bytes; beyond it the server closes
 *                       with 1009
 * @param messages whether messages are assembled or delivered as fragments
 * @param execution where callbacks run
 * @param idleTimeout a connection with no frame received for this long is closed with 1001
 * @param pingInterval the server pings a connection silent for this long (zero: never)
 * @param closeTimeout how long a sent close frame waits for the peer's before the socket closes
 * @param maxQueuedBytes outbound bytes a connection may queue before sends fail and it closes with 1008
 * @param compression permessage-deflate (RFC 7692) when the client offers it, or null for none
 */
public record WebSocketOptions(int maxMessageSize, Messages messages, RouteOptions.Execution execution,
                               Duration idleTimeout, Duration pingInterval, Duration closeTimeout,
                               long maxQueuedBytes, Deflate compression) {
    private static final WebSocketOptions DEFAULTS = builder().build();

    /** How messages reach the handler. */
    public enum Messages {
        /** Fragments are assembled (up to {@code maxMessageSize}) into one {@code onText}/{@code onBinary}. */
        AGGREGATED,
        /** Each frame goes to {@link WebSocketHandler#onFragment} as it arrives. */
        FRAGMENTS
    }

    /**
     * permessage-deflate parameters.
     *
     * @param level zlib level 0..9
     * @param clientMaxWindowBits the window asked of clients that allow it, 8..15
     * @param allowServerNoContext whether the server accepts a client's {@code server_no_context_takeover}
     * @param preferClientNoContext whether the server asks clients for {@code client_no_context_takeover}
     */
    public record Deflate(int level, int clientMaxWindowBits, boolean allowServerNoContext,
                          boolean preferClientNoContext) {
        /** Validates the ranges. */
        public Deflate {
            if (level < 0 || level > 9) {
                throw new IllegalArgumentException("Deflate.level must be 0..9, got " + level);
            }
            if (clientMaxWindowBits < 8 || clientMaxWindowBits > 15) {
                throw new IllegalArgumentException("Deflate.clientMaxWindowBits must be 8..15, got " + clientMaxWindowBits);
            }
        }

        /** Level 6, 15-bit windows, context takeover allowed both ways. */
        public static Deflate defaults() {
            return new Deflate(6, 15, true, false);
        }
    }

    /** Validates every field. */
    public WebSocketOptions {
        if (maxMessageSize < 125) {
            throw new IllegalArgumentException("maxMessageSize must be >= 125, got " + maxMessageSize);
        }
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(execution, "execution");
        positive(idleTimeout, "idleTimeout");
        Objects.requireNonNull(pingInterval, "pingInterval");
        if (pingInterval.isNegative()) {
            throw new IllegalArgumentException("pingInterval must not be negative, got " + pingInterval);
        }
        positive(closeTimeout, "closeTimeout");
        if (maxQueuedBytes < 1024) {
            throw new IllegalArgumentException("maxQueuedBytes must be >= 1024, got " + maxQueuedBytes);
        }
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }

    /** 64 KiB messages, aggregated, event loop, 5 min idle, ping after 30 s, 5 s close, 4 MiB queue, no compression. */
    public static WebSocketOptions defaults() {
        return DEFAULTS;
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link WebSocketOptions}; not thread-safe. */
    public static final class Builder {
        private int maxMessageSize = 64 * 1024;
        private Messages messages = Messages.AGGREGATED;
        private RouteOptions.Execution execution = RouteOptions.Execution.EVENT_LOOP;
        private Duration idleTimeout = Duration.ofMinutes(5);
        private Duration pingInterval = Duration.ofSeconds(30);
        private Duration closeTimeout = Duration.ofSeconds(5);
        private long maxQueuedBytes = 4L << 20;
        private Deflate compression;

        private Builder() {
        }

        /** See {@link WebSocketOptions#maxMessageSize()}. */
        public Builder maxMessageSize(int bytes) {
            this.maxMessageSize = bytes;
            return this;
        }

        /** Delivers each frame to {@link WebSocketHandler#onFragment} instead of assembling messages. */
        public Builder fragments() {
            this.messages = Messages.FRAGMENTS;
            return this;
        }

        /** Runs callbacks on virtual threads (one at a time per connection), so they may block. */
        public Builder blocking() {
            this.execution = RouteOptions.Execution.BLOCKING;
            return this;
        }

        /** See {@link WebSocketOptions#idleTimeout()}. */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = timeout;
            return this;
        }

        /** See {@link WebSocketOptions#pingInterval()}; {@code Duration.ZERO} turns pings off. */
        public Builder pingInterval(Duration interval) {
            this.pingInterval = interval;
            return this;
        }

        /** See {@link WebSocketOptions#closeTimeout()}. */
        public Builder closeTimeout(Duration timeout) {
            this.closeTimeout = timeout;
            return this;
        }

        /** See {@link WebSocketOptions#maxQueuedBytes()}. */
        public Builder maxQueuedBytes(long bytes) {
            this.maxQueuedBytes = bytes;
            return this;
        }

        /** Negotiates permessage-deflate with {@code deflate} (null: off). */
        public Builder compression(Deflate deflate) {
            this.compression = deflate;
            return this;
        }

        /** The options; throws {@code IllegalArgumentException} naming a bad field. */
        public WebSocketOptions build() {
            return new WebSocketOptions(maxMessageSize, messages, execution, idleTimeout, pingInterval,
                    closeTimeout, maxQueuedBytes, compression);
        }
    }

    /** Whether callbacks run on virtual threads. */
    public boolean isBlocking() {
        return execution == RouteOptions.Execution.BLOCKING;
    }
}
