package dev.pronto.core;

import dev.pronto.wire.PemReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Immutable TLS settings of a listener ({@link Listener#https(int, TlsConfig)}), validated when built:
 * files are read then, and every error message names the field.
 *
 * <pre>{@code
 * TlsConfig tls = TlsConfig.builder()
 *     .pem(Path.of("/etc/pronto/cert.pem"), Path.of("/etc/pronto/key.pem"))
 *     .reloadInterval(Duration.ofMinutes(1))
 *     .build();
 * }</pre>
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>keys</td><td>required</td><td>the server's key and certificate chain, see {@link TlsKeys}</td></tr>
 * <tr><td>protocols</td><td>TLSv1.3, TLSv1.2</td><td>TLS versions accepted; nothing older is allowed</td></tr>
 * <tr><td>clientAuth</td><td>NONE</td><td>client certificates (mutual TLS), see {@link ClientAuth}</td></tr>
 * <tr><td>trustedCertificates</td><td>none</td><td>PEM file of the CAs client certificates must chain to</td></tr>
 * <tr><td>engine</td><td>AUTO</td><td>OpenSSL when it loads, else the JDK, see {@link TlsEngine}</td></tr>
 * <tr><td>handshakeTimeout</td><td>10 s</td><td>a handshake not finished by then is closed and counted</td></tr>
 * <tr><td>sessionCacheSize</td><td>{@value #DEFAULT_SESSION_CACHE_SIZE}</td><td>sessions kept for resumption</td></tr>
 * <tr><td>sessionTimeout</td><td>2 h</td><td>how long a session (or ticket) may be resumed</td></tr>
 * <tr><td>reloadInterval</td><td>0 (off)</td><td>poll the files' modification times this often and reload on change</td></tr>
 * </table>
 *
 * <p>Session resumption is on: a session cache, and session tickets whose keys live only in memory (a
 * reload or restart starts new ones, so resumption then falls back to a full handshake).
 *
 * @param keys key and certificate chain
 * @param protocols TLS versions, a non-empty subset of TLSv1.3 and TLSv1.2
 * @param clientAuth whether clients must present a certificate
 * @param trustedCertificates CA certificates (PEM) for client certificates; required unless clientAuth is NONE,
 *        null otherwise
 * @param engine TLS implementation
 * @param handshakeTimeout positive
 * @param sessionCacheSize at least 1
 * @param sessionTimeout at least one second
 * @param reloadInterval zero (no file watch) or positive
 */
public record TlsConfig(TlsKeys keys, List<String> protocols, ClientAuth clientAuth, Path trustedCertificates,
                        TlsEngine engine, Duration handshakeTimeout, int sessionCacheSize, Duration sessionTimeout,
                        Duration reloadInterval) {
    /** The TLS versions a listener accepts unless told otherwise, and the only ones it may accept. */
    public static final List<String> DEFAULT_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");
    /** Default number of cached sessions. */
    public static final int DEFAULT_SESSION_CACHE_SIZE = 20_480;

    /** Whether a TLS listener asks clients for a certificate. */
    public enum ClientAuth {
        /** No client certificate is requested (the default). */
        NONE,
        /** A certificate is requested; a client without one is served, one with an untrusted one is refused. */
        OPTIONAL,
        /** A certificate chaining to {@code trustedCertificates} is required; the handshake fails without one. */
        REQUIRE
    }

    /** Validates every field and reads {@code trustedCertificates}; see the class javadoc. */
    public TlsConfig {
        Objects.requireNonNull(keys, "keys: set pem(certificateChain, privateKey) or keys(TlsKeys.keyStore(...))");
        Objects.requireNonNull(protocols, "protocols");
        protocols = List.copyOf(protocols);
        if (protocols.isEmpty()) {
            throw new IllegalArgumentException("protocols must not be empty; use " + DEFAULT_PROTOCOLS);
        }
        for (String p : protocols) {
            if (!DEFAULT_PROTOCOLS.contains(p)) {
                throw new IllegalArgumentException("protocols: " + p + " is not allowed; use " + DEFAULT_PROTOCOLS);
            }
        }
        Objects.requireNonNull(clientAuth, "clientAuth");
        if (clientAuth != ClientAuth.NONE) {
            Objects.requireNonNull(trustedCertificates, "trustedCertificates (required when clientAuth is " + clientAuth + ")");
            PemReader.certificates(trustedCertificates, "trustedCertificates");
        } else if (trustedCertificates != null) {
            throw new IllegalArgumentException("trustedCertificates is set but clientAuth is NONE; set clientAuth too");
        }
        Objects.requireNonNull(engine, "engine");
        positive("handshakeTimeout", handshakeTimeout);
        if (sessionCacheSize < 1) {
            throw new IllegalArgumentException("sessionCacheSize must be >= 1, got " + sessionCacheSize);
        }
        positive("sessionTimeout", sessionTimeout);
        if (sessionTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("sessionTimeout must be at least 1 s, got " + sessionTimeout);
        }
        Objects.requireNonNull(reloadInterval, "reloadInterval");
        if (reloadInterval.isNegative()) {
            throw new IllegalArgumentException("reloadInterval must be zero (off) or positive, got " + reloadInterval);
        }
    }

    /** A builder holding the defaults of the class table; {@link Builder#keys} must be set. */
    public static Builder builder() {
        return new Builder();
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(field + " must be positive, got " + value);
        }
    }

    /** Fluent builder of {@link TlsConfig}; setters take the bare property name. Not thread-safe. */
    public static final class Builder {
        private TlsKeys keys;
        private List<String> protocols = DEFAULT_PROTOCOLS;
        private ClientAuth clientAuth = ClientAuth.NONE;
        private Path trustedCertificates;
        private TlsEngine engine = TlsEngine.AUTO;
        private Duration handshakeTimeout = Duration.ofSeconds(10);
        private int sessionCacheSize = DEFAULT_SESSION_CACHE_SIZE;
        private Duration sessionTimeout = Duration.ofHours(2);
        private Duration reloadInterval = Duration.ZERO;

        private Builder() {
        }

        /** Sets the key and certificate chain. */
        public Builder keys(TlsKeys value) { keys = value; return this; }

        /** Shortcut for {@code keys(TlsKeys.pem(certificateChain, privateKey))}: PEM chain and unencrypted PKCS#8 key. */
        public Builder pem(Path certificateChain, Path privateKey) { keys = TlsKeys.pem(certificateChain, privateKey); return this; }

        /** Sets the accepted TLS versions, from TLSv1.3 and TLSv1.2. */
        public Builder protocols(String... value) { protocols = List.of(value); return this; }

        /** Sets whether clients must present a certificate; anything but NONE needs {@link #trustedCertificates}. */
        public Builder clientAuth(ClientAuth value) { clientAuth = value; return this; }

        /** Sets the PEM file of CA certificates that client certificates must chain to. */
        public Builder trustedCertificates(Path value) { trustedCertificates = value; return this; }

        /** Sets the TLS implementation. */
        public Builder engine(TlsEngine value) { engine = value; return this; }

        /** Sets how long a client has to finish the handshake. */
        public Builder handshakeTimeout(Duration value) { handshakeTimeout = value; return this; }

        /** Sets how many sessions are kept for resumption. */
        public Builder sessionCacheSize(int value) { sessionCacheSize = value; return this; }

        /** Sets how long a session may be resumed. */
        public Builder sessionTimeout(Duration value) { sessionTimeout = value; return this; }

        /** Sets how often the key, certificate and CA files are checked for changes (zero: never). */
        public Builder reloadInterval(Duration value) { reloadInterval = value; return this; }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the first invalid field
         * @throws NullPointerException naming a missing required field
         */
        public TlsConfig build() {
            return new TlsConfig(keys, protocols, clientAuth, trustedCertificates, engine, handshakeTimeout,
                    sessionCacheSize, sessionTimeout, reloadInterval);
        }
    }
}
