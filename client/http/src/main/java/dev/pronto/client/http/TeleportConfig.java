package dev.pronto.client.http;

import dev.pronto.core.Transport;
import java.time.Duration;
import java.util.Objects;

/**
 * Immutable configuration of a {@link TeleportClient}, validated when built; every error message
 * names the field, the value and the rule.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>connections</td><td>1</td><td>teleport connections to the server, each on one event loop</td></tr>
 * <tr><td>compression</td><td>FLATE</td><td>compression of the requests this client writes</td></tr>
 * <tr><td>maxPendingRequests</td><td>{@value #DEFAULT_MAX_PENDING}</td><td>requests queued or in flight per
 *     connection; more fail at once with {@link PendingLimitException}</td></tr>
 * <tr><td>requestTimeout</td><td>30 s</td><td>from send to the whole response; the request fails with
 *     {@link RequestTimeoutException}, the connection stays (a late response is read and dropped)</td></tr>
 * <tr><td>connectTimeout</td><td>5 s</td><td>TCP connect plus the teleport handshake</td></tr>
 * <tr><td>reconnectDelay</td><td>50 ms</td><td>first wait after a failed or dropped connection, doubled per
 *     failure up to 2 s</td></tr>
 * <tr><td>maxResponseSize</td><td>16 MiB</td><td>bytes of a response body; more drops the connection</td></tr>
 * <tr><td>maxHeaderSize</td><td>64 KiB</td><td>bytes of a response head (Go's default read buffer)</td></tr>
 * <tr><td>ioThreads / transport</td><td>1 / AUTO</td><td>event loops of a client that owns its loops</td></tr>
 * <tr><td>tls</td><td>null</td><td>plaintext; set, the handshake asks for TLS and the stream runs inside it</td></tr>
 * <tr><td>maxBatchDelay</td><td>0</td><td>how long a batch may wait for more requests before it is sent; 0 sends
 *     it when the event loop's queue of requests drains (Go's {@code MaxBatchDelay})</td></tr>
 * </table>
 *
 * <p>With {@code tls} set the client sets the handshake's TLS flag and, once the server copies it back,
 * runs a TLS handshake on the socket with these settings (trust, client certificate, host name
 * verification against {@code host}; no ALPN), within {@code connectTimeout}. A server that answers
 * without the flag does not offer TLS: connecting fails with {@link ConnectFailedException}.
 *
 * @param host server host
 * @param port server port, 1..65535
 * @param connections 1..1024
 * @param compression request compression
 * @param maxPendingRequests 1..1_000_000
 * @param requestTimeout positive
 * @param connectTimeout positive
 * @param reconnectDelay positive, at most 2 s
 * @param maxResponseSize at least 0
 * @param maxHeaderSize 256..1 MiB
 * @param ioThreads 1..4096
 * @param transport preferred transport of owned loops
 * @param tls TLS settings, or null for plaintext
 * @param maxBatchDelay 0 (send when the queue drains) up to 1 s
 */
public record TeleportConfig(String host, int port, int connections, TeleportCompression compression,
                             int maxPendingRequests, Duration requestTimeout, Duration connectTimeout,
                             Duration reconnectDelay, int maxResponseSize, int maxHeaderSize, int ioThreads,
                             Transport transport, ClientTls tls, Duration maxBatchDelay) {
    /** Default bound of requests queued or in flight per connection (Go's fastrpc uses 1000 too). */
    public static final int DEFAULT_MAX_PENDING = 1000;
    /** Longest wait between reconnection attempts. */
    public static final Duration MAX_RECONNECT_DELAY = Duration.ofSeconds(2);

    /** Validates every field. */
    public TeleportConfig {
        Objects.requireNonNull(host, "host");
        range("port", port, 1, 65535);
        range("connections", connections, 1, 1024);
        Objects.requireNonNull(compression, "compression");
        range("maxPendingRequests", maxPendingRequests, 1, 1_000_000);
        positive("requestTimeout", requestTimeout);
        positive("connectTimeout", connectTimeout);
        positive("reconnectDelay", reconnectDelay);
        range("reconnectDelay", reconnectDelay, Duration.ZERO, MAX_RECONNECT_DELAY);
        range("maxResponseSize", maxResponseSize, 0, Integer.MAX_VALUE);
        range("maxHeaderSize", maxHeaderSize, 256, 1 << 20);
        range("ioThreads", ioThreads, 1, 4096);
        range("maxBatchDelay", maxBatchDelay, Duration.ZERO, Duration.ofSeconds(1));
        Objects.requireNonNull(transport, "transport");
    }

    /** A builder for the server at {@code host:port}, with the defaults above. */
    public static Builder builder(String host, int port) {
        return new Builder(host, port);
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be in " + min + ".." + max + ", got " + value);
        }
    }

    private static void range(String field, Duration value, Duration min, Duration max) {
        Objects.requireNonNull(value, field);
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new IllegalArgumentException(field + " must be in " + min + ".." + max + ", got " + value);
        }
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + " must be positive, got " + value);
        }
    }

    /** Fluent builder of a {@link TeleportConfig}. Not thread-safe. */
    public static final class Builder {
        private final String host;
        private final int port;
        private int connections = 1;
        private TeleportCompression compression = TeleportCompression.FLATE;
        private int maxPendingRequests = DEFAULT_MAX_PENDING;
        private Duration requestTimeout = Duration.ofSeconds(30);
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration reconnectDelay = Duration.ofMillis(50);
        private int maxResponseSize = 16 << 20;
        private int maxHeaderSize = 64 << 10;
        private int ioThreads = 1;
        private Transport transport = Transport.AUTO;
        private ClientTls tls;
        private Duration maxBatchDelay = Duration.ZERO;

        private Builder(String host, int port) {
            this.host = host;
            this.port = port;
        }

        /** Sets {@code connections}. */
        public Builder connections(int value) { connections = value; return this; }

        /** Sets {@code compression}. */
        public Builder compression(TeleportCompression value) { compression = value; return this; }

        /** Sets {@code maxPendingRequests}. */
        public Builder maxPendingRequests(int value) { maxPendingRequests = value; return this; }

        /** Sets {@code requestTimeout}. */
        public Builder requestTimeout(Duration value) { requestTimeout = value; return this; }

        /** Sets {@code connectTimeout}. */
        public Builder connectTimeout(Duration value) { connectTimeout = value; return this; }

        /** Sets {@code reconnectDelay}. */
        public Builder reconnectDelay(Duration value) { reconnectDelay = value; return this; }

        /** Sets {@code maxResponseSize}. */
        public Builder maxResponseSize(int value) { maxResponseSize = value; return this; }

        /** Sets {@code maxHeaderSize}. */
        public Builder maxHeaderSize(int value) { maxHeaderSize = value; return this; }

        /** Sets {@code ioThreads}. */
        public Builder ioThreads(int value) { ioThreads = value; return this; }

        /** Sets {@code transport}. */
        public Builder transport(Transport value) { transport = value; return this; }

        /** Runs the stream inside TLS with these settings (see the class notes); null for plaintext. */
        public Builder tls(ClientTls value) { tls = value; return this; }

        /** Sets {@code maxBatchDelay}: how long a batch may wait for more requests (see the class notes). */
        public Builder maxBatchDelay(Duration value) { maxBatchDelay = value; return this; }

        /** Builds and validates the configuration. */
        public TeleportConfig build() {
            return new TeleportConfig(host, port, connections, compression, maxPendingRequests, requestTimeout,
                    connectTimeout, reconnectDelay, maxResponseSize, maxHeaderSize, ioThreads, transport, tls, maxBatchDelay);
        }
    }
}
