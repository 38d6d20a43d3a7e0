package dev.pronto.client.http;

import dev.pronto.core.Protocol;
import dev.pronto.core.Transport;
import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Immutable client configuration, validated when built; every error message names the field, the
 * value and the rule. Pools are kept per host per event loop, so the per-host limits below are
 * split across the loops (rounded up to at least one per loop).
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>maxConnectionsPerHost</td><td>{@value #DEFAULT_MAX_CONNECTIONS_PER_HOST}</td>
 *     <td>open connections per (scheme, host, port)</td></tr>
 * <tr><td>pipelineDepth</td><td>{@value #DEFAULT_PIPELINE_DEPTH}</td>
 *     <td>requests in flight per connection; 1 disables pipelining</td></tr>
 * <tr><td>maxPending</td><td>{@value #DEFAULT_MAX_PENDING}</td>
 *     <td>requests waiting for a connection per host and loop; more fail with {@link PendingLimitException}</td></tr>
 * <tr><td>connectTimeout</td><td>5 s</td><td>TCP connect limit</td></tr>
 * <tr><td>requestTimeout</td><td>30 s</td><td>from send to the end of the response head; closes an HTTP/1.1 connection, resets an HTTP/2 stream</td></tr>
 * <tr><td>idleTimeout</td><td>60 s</td><td>idle keep-alive connections are closed after this</td></tr>
 * <tr><td>maxAttempts</td><td>{@value #DEFAULT_MAX_ATTEMPTS}</td>
 *     <td>tries of an idempotent request whose connection closed before answering</td></tr>
 * <tr><td>followRedirects</td><td>NEVER</td><td>see {@link Redirects}</td></tr>
 * <tr><td>maxRedirects</td><td>{@value #DEFAULT_MAX_REDIRECTS}</td><td>redirects followed per request</td></tr>
 * <tr><td>decompression</td><td>GZIP_DEFLATE</td><td>see {@link Decompression}</td></tr>
 * <tr><td>sslContext</td><td>null</td><td>TLS context for https, used as is; null builds one from {@code tls} on first use</td></tr>
 * <tr><td>tls</td><td>{@link ClientTls#defaults()}</td><td>engine, trust, client certificate, hostname verification</td></tr>
 * <tr><td>maxResponseSize</td><td>{@value #DEFAULT_MAX_RESPONSE_SIZE}</td>
 *     <td>bytes of a buffered (decoded) body</td></tr>
 * <tr><td>maxHeaderSize</td><td>{@value #DEFAULT_MAX_HEADER_SIZE}</td><td>bytes of a response head</td></tr>
 * <tr><td>ioThreads</td><td>1</td><td>event loops of a client that owns its loops</td></tr>
 * <tr><td>transport</td><td>AUTO</td><td>transport of a client that owns its loops</td></tr>
 * <tr><td>protocols</td><td>HTTP_2, HTTP_1_1</td><td>offered to https origins through ALPN, most preferred
 *     first; the server picks</td></tr>
 * <tr><td>cleartext</td><td>HTTP_1_1</td><td>spoken to http origins; HTTP_2 is h2c with prior knowledge</td></tr>
 * </table>
 *
 * <p>HTTP/2: an origin that speaks it gets one connection per event loop (another only while one
 * drains after a GOAWAY), carrying as many concurrent requests as the server's
 * {@code SETTINGS_MAX_CONCURRENT_STREAMS} allows; more wait, within {@code maxPending}.
 * {@code pipelineDepth} does not apply, and a request timeout resets only the request's stream.
 * Response bodies are flow-controlled with 1 MiB per stream and 16 MiB per connection: buffered
 * bodies are acknowledged as they arrive (within {@code maxResponseSize}), streamed ones as the
 * subscriber takes them. Cleartext cannot negotiate, so h2c is an explicit choice for every http
 * origin of the client; a server that does not speak it fails the requests with
 * {@link ConnectFailedException}.
 *
 * @param maxConnectionsPerHost at least 1
 * @param pipelineDepth 1..1024
 * @param maxPending at least 1
 * @param connectTimeout positive
 * @param requestTimeout positive
 * @param idleTimeout positive
 * @param maxAttempts 1..100
 * @param followRedirects redirect policy
 * @param maxRedirects 0..100
 * @param decompression response decoding policy
 * @param sslContext client TLS context, or null for one built from {@code tls}
 * @param maxResponseSize at least 0
 * @param maxHeaderSize 256..1 MiB
 * @param ioThreads 1..4096
 * @param transport preferred transport of owned loops
 * @param tls TLS settings; only its hostnameVerification applies when sslContext is set
 * @param protocols protocols offered through ALPN: non-empty, no duplicates; ignored when sslContext is set
 *        (its own ALPN settings apply)
 * @param cleartext protocol of http origins: HTTP_1_1, or HTTP_2 for h2c with prior knowledge
 */
public record ClientConfig(int maxConnectionsPerHost, int pipelineDepth, int maxPending, Duration connectTimeout,
                           Duration requestTimeout, Duration idleTimeout, int maxAttempts, Redirects followRedirects,
                           int maxRedirects, Decompression decompression, SslContext sslContext, int maxResponseSize,
                           int maxHeaderSize, int ioThreads, Transport transport, ClientTls tls,
                           List<Protocol> protocols, Protocol cleartext) {
    /** Default connections per host. */
    public static final int DEFAULT_MAX_CONNECTIONS_PER_HOST = 64;
    /** Default pipelining depth: no pipelining. */
    public static final int DEFAULT_PIPELINE_DEPTH = 1;
    /** Default pending-request cap per host and loop. */
    public static final int DEFAULT_MAX_PENDING = 1024;
    /** Default attempts of an idempotent request. */
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    /** Default redirects followed. */
    public static final int DEFAULT_MAX_REDIRECTS = 5;
    /** Default body limit: 16 MiB. */
    public static final int DEFAULT_MAX_RESPONSE_SIZE = 16 * 1024 * 1024;
    /** Default response head limit. */
    public static final int DEFAULT_MAX_HEADER_SIZE = 16384;

    /** Validates every field; see the class javadoc for the rules. */
    public ClientConfig {
        range("maxConnectionsPerHost", maxConnectionsPerHost, 1, Integer.MAX_VALUE);
        range("pipelineDepth", pipelineDepth, 1, 1024);
        range("maxPending", maxPending, 1, Integer.MAX_VALUE);
        positive("connectTimeout", connectTimeout);
        positive("requestTimeout", requestTimeout);
        positive("idleTimeout", idleTimeout);
        range("maxAttempts", maxAttempts, 1, 100);
        Objects.requireNonNull(followRedirects, "followRedirects");
        range("maxRedirects", maxRedirects, 0, 100);
        Objects.requireNonNull(decompression, "decompression");
        range("maxResponseSize", maxResponseSize, 0, Integer.MAX_VALUE);
        range("maxHeaderSize", maxHeaderSize, 256, 1 << 20);
        range("ioThreads", ioThreads, 1, 4096);
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(tls, "tls");
        protocols = List.copyOf(Objects.requireNonNull(protocols, "protocols"));
        if (protocols.isEmpty() || protocols.stream().distinct().count() != protocols.size()) {
            throw new IllegalArgumentException("protocols must be non-empty and without duplicates, got " + protocols);
        }
        Objects.requireNonNull(cleartext, "cleartext");
        if (sslContext != null && !sslContext.isClient()) {
            throw new IllegalArgumentException("sslContext must be a client context (SslContextBuilder.forClient())");
        }
    }

    /** The defaults of the class javadoc. */
    public static ClientConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    private static void range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be in " + min + ".." + max + ", got " + value);
        }
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + " must be positive, got " + value);
        }
    }

    /** Fluent builder of a {@link ClientConfig}; setters take the property name. Not thread-safe. */
    public static final class Builder {
        private int maxConnectionsPerHost = DEFAULT_MAX_CONNECTIONS_PER_HOST;
        private int pipelineDepth = DEFAULT_PIPELINE_DEPTH;
        private int maxPending = DEFAULT_MAX_PENDING;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(30);
        private Duration idleTimeout = Duration.ofSeconds(60);
        private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
        private Redirects followRedirects = Redirects.NEVER;
        private int maxRedirects = DEFAULT_MAX_REDIRECTS;
        private Decompression decompression = Decompression.GZIP_DEFLATE;
        private SslContext sslContext;
        private int maxResponseSize = DEFAULT_MAX_RESPONSE_SIZE;
        private int maxHeaderSize = DEFAULT_MAX_HEADER_SIZE;
        private int ioThreads = 1;
        private Transport transport = Transport.AUTO;
        private ClientTls tls = ClientTls.defaults();
        private List<Protocol> protocols = List.of(Protocol.HTTP_2, Protocol.HTTP_1_1);
        private Protocol cleartext = Protocol.HTTP_1_1;

        private Builder() {
        }

        /** Sets the connection cap per host. */
        public Builder maxConnectionsPerHost(int value) {
            maxConnectionsPerHost = value;
            return this;
        }

        /** Sets the requests in flight per connection (1 = no pipelining). */
        public Builder pipelineDepth(int value) {
            pipelineDepth = value;
            return this;
        }

        /** Sets the pending-request cap per host and loop. */
        public Builder maxPending(int value) {
            maxPending = value;
            return this;
        }

        /** Sets the TCP connect limit. */
        public Builder connectTimeout(Duration value) {
            connectTimeout = value;
            return this;
        }

        /** Sets the default per-request limit. */
        public Builder requestTimeout(Duration value) {
            requestTimeout = value;
            return this;
        }

        /** Sets how long an idle keep-alive connection is kept. */
        public Builder idleTimeout(Duration value) {
            idleTimeout = value;
            return this;
        }

        /** Sets the attempts of an idempotent request. */
        public Builder maxAttempts(int value) {
            maxAttempts = value;
            return this;
        }

        /** Sets the redirect policy. */
        public Builder followRedirects(Redirects value) {
            followRedirects = value;
            return this;
        }

        /** Sets the redirects followed per request. */
        public Builder maxRedirects(int value) {
            maxRedirects = value;
            return this;
        }

        /** Sets the response decoding policy. */
        public Builder decompression(Decompression value) {
            decompression = value;
            return this;
        }

        /** Sets the TLS settings from which the client builds its TLS context. */
        public Builder tls(ClientTls value) {
            tls = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Sets the TLS context used for https as is, instead of one built from {@link #tls(ClientTls)}. */
        public Builder sslContext(SslContext value) {
            sslContext = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Sets the limit of a buffered body. */
        public Builder maxResponseSize(int value) {
            maxResponseSize = value;
            return this;
        }

        /** Sets the limit of a response head. */
        public Builder maxHeaderSize(int value) {
            maxHeaderSize = value;
            return this;
        }

        /** Sets the number of event loops a client creates for itself. */
        public Builder ioThreads(int value) {
            ioThreads = value;
            return this;
        }

        /** Sets the transport of the loops a client creates for itself. */
        public Builder transport(Transport value) {
            transport = value;
            return this;
        }

        /**
         * Sets the protocols offered to https origins through ALPN, most preferred first; the server
         * picks one. {@code HTTP_1_1} alone keeps every https origin on HTTP/1.1.
         */
        public Builder protocols(Protocol... value) {
            protocols = List.of(value);
            return this;
        }

        /**
         * Sets the protocol spoken to http origins. {@code HTTP_2} is h2c with prior knowledge: the
         * connection starts with the HTTP/2 preface, so every http origin of this client must speak
         * it (a Pronto {@code Listener.http} or {@code Listener.h2c} does).
         */
        public Builder cleartext(Protocol value) {
            cleartext = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the invalid field
         */
        public ClientConfig build() {
            return new ClientConfig(maxConnectionsPerHost, pipelineDepth, maxPending, connectTimeout, requestTimeout,
                    idleTimeout, maxAttempts, followRedirects, maxRedirects, decompression, sslContext,
                    maxResponseSize, maxHeaderSize, ioThreads, transport, tls, protocols, cleartext);
        }
    }
}
