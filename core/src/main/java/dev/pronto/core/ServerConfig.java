package dev.pronto.core;

import java.time.Duration;
import java.util.Objects;

/**
 * Immutable server configuration, validated when built. Every error message names the field, the
 * value and the rule.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>host</td><td>{@value #DEFAULT_HOST}</td><td>address to bind (of listeners that name none)</td></tr>
 * <tr><td>port</td><td>{@value #DEFAULT_PORT}</td><td>TCP port of the default cleartext listener; 0 picks a free
 *     one; not bound once {@link Server.Builder#listener(Listener)} is used</td></tr>
 * <tr><td>ioThreads</td><td>available processors</td><td>event loops (one per core)</td></tr>
 * <tr><td>transport</td><td>AUTO</td><td>io_uring, epoll or NIO, see {@link Transport}</td></tr>
 * <tr><td>reusePort</td><td>false</td><td>one SO_REUSEPORT listener per event loop (native only)</td></tr>
 * <tr><td>backlog</td><td>{@value #DEFAULT_BACKLOG}</td><td>accept queue length (capped by the kernel)</td></tr>
 * <tr><td>maxRequestLineLength</td><td>{@value #DEFAULT_MAX_REQUEST_LINE_LENGTH}</td>
 *     <td>longer request lines get 414</td></tr>
 * <tr><td>maxHeaderSize</td><td>{@value #DEFAULT_MAX_HEADER_SIZE}</td>
 *     <td>bytes of header fields; more, or more than {@value #DEFAULT_MAX_HEADER_COUNT} fields, get 431</td></tr>
 * <tr><td>maxBodySize</td><td>{@value #DEFAULT_MAX_BODY_SIZE}</td><td>larger bodies get 413</td></tr>
 * <tr><td>maxPendingResponses</td><td>{@value #DEFAULT_MAX_PENDING_RESPONSES}</td>
 *     <td>pipelined requests in flight per connection before the server stops reading it</td></tr>
 * <tr><td>idleTimeout</td><td>60 s</td><td>keep-alive connections idle this long are closed</td></tr>
 * <tr><td>headerReadTimeout</td><td>10 s</td><td>a request head not complete by then (from its first byte)
 *     gets 408 and a close; on HTTP/2 a connection preface not complete by then (from the connection's start)
 *     closes, and a header block (HEADERS, CONTINUATION) not complete gets GOAWAY PROTOCOL_ERROR and a
 *     close</td></tr>
 * <tr><td>maxConnections</td><td>{@value #DEFAULT_MAX_CONNECTIONS}</td><td>further connections are closed at once</td></tr>
 * <tr><td>shutdownTimeout</td><td>10 s</td><td>grace period of {@link Server#close()} and of the drain on SIGTERM</td></tr>
 * <tr><td>shutdownHook</td><td>true</td><td>{@link Server#start()} makes SIGTERM (and JVM exit) drain the
 *     server: readiness DOWN, in-flight requests finish within {@code shutdownTimeout}, then the process exits 0</td></tr>
 * <tr><td>maxInFlight</td><td>0 (no limit)</td><td>concurrent requests before a fast 503</td></tr>
 * <tr><td>maxQueueTime</td><td>none</td><td>wait for a blocking handler's thread before a 503</td></tr>
 * <tr><td>responseTimeout</td><td>30 s</td><td>a request nobody has answered by then (counted from its last
 *     byte) gets 503</td></tr>
 * <tr><td>bodyReadTimeout</td><td>30 s</td><td>a request body that makes no progress this long gets 408
 *     and a close (time the server itself stops reading, for backpressure, does not count)</td></tr>
 * <tr><td>minBodyRate</td><td>{@value #DEFAULT_MIN_BODY_RATE} B/s</td><td>bytes per second a request body
 *     (collected or streamed) must average once it has been arriving for {@code minBodyRateGrace}; slower gets
 *     408 and a close (HTTP/2: 408 and RST_STREAM). Time the server stops reading does not count; message
 *     streams ({@code RouteOptions.defaults().messageStream()}, gRPC's routes) are exempt, their pace is the sender's
 *     application's</td></tr>
 * <tr><td>minBodyRateGrace</td><td>5 s</td><td>how long a body may arrive before {@code minBodyRate} is
 *     checked</td></tr>
 * <tr><td>blockedLoopWarning</td><td>2 s</td><td>an event loop that has not run its tasks for this long is
 *     logged at WARN with the loop's stack (once per stall), naming what blocks it; zero turns it off</td></tr>
 * </table>
 *
 * @param host address to bind, e.g. {@code 0.0.0.0}
 * @param port TCP port of the default listener, 0..65535
 * @param ioThreads number of event loops, at least 1
 * @param transport preferred transport
 * @param reusePort whether to bind one SO_REUSEPORT listener per event loop
 * @param backlog accept queue length, at least 1
 * @param maxRequestLineLength request line limit in bytes, 64..1 MiB
 * @param maxHeaderSize header block limit in bytes, 256..1 MiB
 * @param maxBodySize request body limit in bytes, at least 0
 * @param maxPendingResponses pipelined requests per connection, at least 1
 * @param idleTimeout positive duration
 * @param headerReadTimeout positive duration
 * @param maxConnections at least 1
 * @param shutdownTimeout zero or positive duration
 * @param maxInFlight requests handled at once across the server before new ones get a fast 503
 *        with {@code Retry-After}; 0 for no limit
 * @param maxQueueTime longest a blocking request may wait for its virtual thread before a 503;
 *        null for no limit
 * @param responseTimeout longest a request may wait for its response (from its last byte: the head, or
 *        the end of its body) before the server answers 503 on the handler's behalf; positive
 * @param bodyReadTimeout longest a request body may go without new bytes; positive
 * @param minBodyRate least average rate in bytes per second of a request body (not one streamed to a
 *        {@code RouteOptions.defaults().messageStream()} route), checked once it has been arriving for
 *        {@code minBodyRateGrace}; 0 turns the check off
 * @param minBodyRateGrace how long a body may arrive before {@code minBodyRate} applies; positive
 * @param shutdownHook whether {@link Server#start()} installs the drain on SIGTERM and JVM exit
 * @param blockedLoopWarning how long an event loop may go without running its tasks before a WARN with its
 *        stack; zero for no check
 */
public record ServerConfig(String host, int port, int ioThreads, Transport transport, boolean reusePort,
                           int backlog, int maxRequestLineLength, int maxHeaderSize, long maxBodySize,
                           int maxPendingResponses, Duration idleTimeout, Duration headerReadTimeout,
                           int maxConnections, Duration shutdownTimeout, int maxInFlight, Duration maxQueueTime,
                           Duration responseTimeout, Duration bodyReadTimeout, long minBodyRate,
                           Duration minBodyRateGrace, boolean shutdownHook, Duration blockedLoopWarning) {
    /** Default bind address: every interface. */
    public static final String DEFAULT_HOST = "0.0.0.0";
    /** Default port. */
    public static final int DEFAULT_PORT = 8080;
    /** Default accept backlog. */
    public static final int DEFAULT_BACKLOG = 8192;
    /** Default request line limit. */
    public static final int DEFAULT_MAX_REQUEST_LINE_LENGTH = 8192;
    /** Default header block limit. */
    public static final int DEFAULT_MAX_HEADER_SIZE = 16384;
    /** Maximum number of header fields in one request. */
    public static final int DEFAULT_MAX_HEADER_COUNT = 128;
    /** Default body limit: 10 MiB. */
    public static final long DEFAULT_MAX_BODY_SIZE = 10L * 1024 * 1024;
    /** Default pipelining depth per connection. */
    public static final int DEFAULT_MAX_PENDING_RESPONSES = 1024;
    /** Default connection cap. */
    public static final int DEFAULT_MAX_CONNECTIONS = 100_000;
    /**
     * Default least body rate, Kestrel's: 240 B/s (about 2 kbit/s) stops a body dripped a few bytes at a
     * time, yet is far below any mobile link still worth the name (2G GPRS moves 2 to 5 KB/s).
     */
    public static final long DEFAULT_MIN_BODY_RATE = 240;

    /** Validates every field; see the class javadoc for the rules. */
    public ServerConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(transport, "transport");
        range("port", port, 0, 65535);
        range("ioThreads", ioThreads, 1, 4096);
        range("backlog", backlog, 1, Integer.MAX_VALUE);
        range("maxRequestLineLength", maxRequestLineLength, 64, 1 << 20);
        if (maxBodySize > Integer.MAX_VALUE - 1024) {
            throw new IllegalArgumentException("maxBodySize must be <= " + (Integer.MAX_VALUE - 1024) + ", got " + maxBodySize
                    + "; stream larger bodies with RouteOptions.streaming()");
        }
        range("maxHeaderSize", maxHeaderSize, 256, 1 << 20);
        if (maxBodySize < 0) {
            throw new IllegalArgumentException("maxBodySize must be >= 0, got " + maxBodySize);
        }
        range("maxPendingResponses", maxPendingResponses, 1, 1 << 20);
        range("maxConnections", maxConnections, 1, Integer.MAX_VALUE);
        positive("idleTimeout", idleTimeout);
        positive("headerReadTimeout", headerReadTimeout);
        Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
        if (shutdownTimeout.isNegative()) {
            throw new IllegalArgumentException("shutdownTimeout must be >= 0, got " + shutdownTimeout);
        }
        range("maxInFlight", maxInFlight, 0, Integer.MAX_VALUE);
        if (maxQueueTime != null && (maxQueueTime.isZero() || maxQueueTime.isNegative())) {
            throw new IllegalArgumentException("maxQueueTime must be positive (or unset), got " + maxQueueTime);
        }
        positive("responseTimeout", responseTimeout);
        positive("bodyReadTimeout", bodyReadTimeout);
        range("minBodyRate", minBodyRate, 0, Long.MAX_VALUE);
        positive("minBodyRateGrace", minBodyRateGrace);
        Objects.requireNonNull(blockedLoopWarning, "blockedLoopWarning");
        if (blockedLoopWarning.isNegative() || !blockedLoopWarning.isZero() && blockedLoopWarning.toMillis() < 10) {
            throw new IllegalArgumentException("blockedLoopWarning must be zero (off) or at least 10 ms, got "
                    + blockedLoopWarning);
        }
    }

    /** A configuration with every default. */
    public static ServerConfig defaults() {
        return builder().build();
    }

    /** A builder holding the defaults of the class table. */
    public static Builder builder() {
        return new Builder();
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be in " + min + ".." + max + ", got " + value);
        }
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(field + " must be positive, got " + value);
        }
    }

    /** Fluent builder of {@link ServerConfig}; setters take the bare property name. Not thread-safe. */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port = DEFAULT_PORT;
        private int ioThreads = Runtime.getRuntime().availableProcessors();
        private Transport transport = Transport.AUTO;
        private boolean reusePort;
        private int backlog = DEFAULT_BACKLOG;
        private int maxRequestLineLength = DEFAULT_MAX_REQUEST_LINE_LENGTH;
        private int maxHeaderSize = DEFAULT_MAX_HEADER_SIZE;
        private long maxBodySize = DEFAULT_MAX_BODY_SIZE;
        private int maxPendingResponses = DEFAULT_MAX_PENDING_RESPONSES;
        private Duration idleTimeout = Duration.ofSeconds(60);
        private Duration headerReadTimeout = Duration.ofSeconds(10);
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private Duration shutdownTimeout = Duration.ofSeconds(10);
        private int maxInFlight;
        private Duration maxQueueTime;
        private Duration responseTimeout = Duration.ofSeconds(30);
        private Duration bodyReadTimeout = Duration.ofSeconds(30);
        private long minBodyRate = DEFAULT_MIN_BODY_RATE;
        // Kestrel's grace: time for a connection's first round trips and a client's slow start
        private Duration minBodyRateGrace = Duration.ofSeconds(5);
        private boolean shutdownHook = true;
        // Vert.x's default: far above any pause a healthy loop makes (GC included), so a warning is a bug
        private Duration blockedLoopWarning = Duration.ofSeconds(2);

        private Builder() {
        }

        /** Sets the bind address. */
        public Builder host(String value) { host = value; return this; }

        /** Sets the port; 0 binds a free port, readable from {@link Server#port()}. */
        public Builder port(int value) { port = value; return this; }

        /** Sets the number of event loops. */
        public Builder ioThreads(int value) { ioThreads = value; return this; }

        /** Sets the preferred transport. */
        public Builder transport(Transport value) { transport = value; return this; }

        /** Enables or disables one SO_REUSEPORT listener per event loop (epoll and io_uring). */
        public Builder reusePort(boolean value) { reusePort = value; return this; }

        /** Sets the accept backlog. */
        public Builder backlog(int value) { backlog = value; return this; }

        /** Sets the request line limit in bytes. */
        public Builder maxRequestLineLength(int value) { maxRequestLineLength = value; return this; }

        /** Sets the header block limit in bytes. */
        public Builder maxHeaderSize(int value) { maxHeaderSize = value; return this; }

        /** Sets the request body limit in bytes. */
        public Builder maxBodySize(long value) { maxBodySize = value; return this; }

        /** Sets how many pipelined requests may be in flight per connection. */
        public Builder maxPendingResponses(int value) { maxPendingResponses = value; return this; }

        /** Sets the keep-alive idle timeout. */
        public Builder idleTimeout(Duration value) { idleTimeout = value; return this; }

        /** Sets the time a client has to send a complete request head. */
        public Builder headerReadTimeout(Duration value) { headerReadTimeout = value; return this; }

        /** Sets the maximum number of open connections. */
        public Builder maxConnections(int value) { maxConnections = value; return this; }

        /** Sets the grace period used by {@link Server#close()}. */
        public Builder shutdownTimeout(Duration value) { shutdownTimeout = value; return this; }

        /** Sets the number of concurrent requests beyond which new ones get a fast 503 (0: no limit). */
        public Builder maxInFlight(int value) { maxInFlight = value; return this; }

        /** Sets how long a blocking request may wait for its thread before a 503 (null: no limit). */
        public Builder maxQueueTime(Duration value) { maxQueueTime = value; return this; }

        /** Sets how long a request may go unanswered before the server answers 503 for it. */
        public Builder responseTimeout(Duration value) { responseTimeout = value; return this; }

        /** Sets how long a request body may make no progress before a 408 and a close. */
        public Builder bodyReadTimeout(Duration value) { bodyReadTimeout = value; return this; }

        /** Sets the least average body rate in bytes per second (0: no check). */
        public Builder minBodyRate(long value) { minBodyRate = value; return this; }

        /** Sets how long a body may arrive before {@code minBodyRate} is checked. */
        public Builder minBodyRateGrace(Duration value) { minBodyRateGrace = value; return this; }

        /**
         * Sets whether {@link Server#start()} makes SIGTERM and JVM exit drain the server (default true); off
         * for an application that stops its servers itself, or runs several it must stop in a set order.
         */
        public Builder shutdownHook(boolean value) { shutdownHook = value; return this; }

        /** Sets how long an event loop may be blocked before a WARN with its stack (zero: no check). */
        public Builder blockedLoopWarning(Duration value) { blockedLoopWarning = value; return this; }

        /**
         * Builds and validates the configuration.
         *
         * @throws IllegalArgumentException naming the first invalid field and its value
         */
        public ServerConfig build() {
            return new ServerConfig(host, port, ioThreads, transport, reusePort, backlog, maxRequestLineLength,
                    maxHeaderSize, maxBodySize, maxPendingResponses, idleTimeout, headerReadTimeout,
                    maxConnections, shutdownTimeout, maxInFlight, maxQueueTime, responseTimeout, bodyReadTimeout,
                    minBodyRate, minBodyRateGrace, shutdownHook, blockedLoopWarning);
        }
    }
}
