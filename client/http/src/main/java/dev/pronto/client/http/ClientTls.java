package dev.pronto.client.http;

import dev.pronto.core.TlsEngine;
import dev.pronto.core.TlsKeys;
import dev.pronto.wire.PemReader;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Objects;

/**
 * Immutable TLS settings of a client for {@code https} origins, validated when built (files are read
 * then; errors name the field). Ignored when {@link ClientConfig#sslContext()} is set, except for
 * {@link #hostnameVerification()}.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>engine</td><td>AUTO</td><td>OpenSSL when it loads, else the JDK, see {@link TlsEngine}</td></tr>
 * <tr><td>trustedCertificates</td><td>none</td><td>PEM file of the CAs servers must chain to</td></tr>
 * <tr><td>trustStore</td><td>none</td><td>key store of the CAs servers must chain to</td></tr>
 * <tr><td>keys</td><td>none</td><td>a client certificate for mutual TLS, see {@link TlsKeys}</td></tr>
 * <tr><td>hostnameVerification</td><td>HTTPS</td><td>the server's certificate must name the host of the URL</td></tr>
 * </table>
 *
 * <p>Without {@code trustedCertificates} or {@code trustStore} the JDK's trust store (cacerts) decides.
 * TLSv1.3 and TLSv1.2 are offered, nothing older.
 *
 * @param engine TLS implementation
 * @param trustedCertificates CA certificates (PEM), or null
 * @param trustStore CA certificates, or null; not together with {@code trustedCertificates}
 * @param keys client certificate and key, or null for none
 * @param hostnameVerification whether the server certificate must match the host
 */
public record ClientTls(TlsEngine engine, Path trustedCertificates, KeyStore trustStore, TlsKeys keys,
                        HostnameVerification hostnameVerification) {
    /** Whether the client checks that the server's certificate names the host it asked for. */
    public enum HostnameVerification {
        /** RFC 2818 / RFC 6125 checking, the endpoint identification algorithm {@code HTTPS} (the default). */
        HTTPS,
        /** No check: any trusted certificate is accepted for any host. For tests and pinned peers only. */
        NONE
    }

    /** Validates the fields and reads {@code trustedCertificates}. */
    public ClientTls {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(hostnameVerification, "hostnameVerification");
        if (trustedCertificates != null && trustStore != null) {
            throw new IllegalArgumentException("trustedCertificates and trustStore are both set; choose one");
        }
        if (trustedCertificates != null) {
            PemReader.certificates(trustedCertificates, "trustedCertificates");
        }
    }

    /** The defaults of the class table: the JDK's trust store, hostname verification on. */
    public static ClientTls defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Fluent builder of {@link ClientTls}; setters take the property name. Not thread-safe. */
    public static final class Builder {
        private TlsEngine engine = TlsEngine.AUTO;
        private Path trustedCertificates;
        private KeyStore trustStore;
        private TlsKeys keys;
        private HostnameVerification hostnameVerification = HostnameVerification.HTTPS;

        private Builder() {
        }

        /** Sets the TLS implementation. */
        public Builder engine(TlsEngine value) {
            engine = value;
            return this;
        }

        /** Trusts the CA certificates of a PEM file instead of the JDK's trust store. */
        public Builder trustedCertificates(Path value) {
            trustedCertificates = value;
            return this;
        }

        /** Trusts the certificates of a key store instead of the JDK's trust store. */
        public Builder trustStore(KeyStore value) {
            trustStore = value;
            return this;
        }

        /** Presents a client certificate when a server asks for one. */
        public Builder keys(TlsKeys value) {
            keys = value;
            return this;
        }

        /** Sets whether the server certificate must name the host; {@code NONE} is an explicit opt-out. */
        public Builder hostnameVerification(HostnameVerification value) {
            hostnameVerification = value;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the invalid field
         */
        public ClientTls build() {
            return new ClientTls(engine, trustedCertificates, trustStore, keys, hostnameVerification);
        }
    }
}
