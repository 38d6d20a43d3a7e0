package dev.pronto.core;

/**
 * The TLS implementation behind a listener or a client. {@link #AUTO} picks OpenSSL (BoringSSL through
 * {@code netty-tcnative-boringssl-static}, which Pronto ships for Linux x86_64 and aarch64) when it
 * loads, else the JDK's {@code SSLEngine}. An engine that cannot load falls back to the JDK one; a
 * server logs the engine it uses once at start.
 */
public enum TlsEngine {
    /** OpenSSL if it loads here, else the JDK. */
    AUTO,
    /** OpenSSL (BoringSSL): less CPU and garbage per record and per handshake; falls back to the JDK when it cannot load. */
    OPENSSL,
    /** The JDK's {@code SSLEngine}: works everywhere. */
    JDK
}
