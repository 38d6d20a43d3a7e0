package dev.pronto.core;

/**
 * An application protocol a {@link Listener} offers. On a TLS listener the list is announced through
 * ALPN in preference order; a client that sends no ALPN gets HTTP/1.1 when the listener offers it. On
 * a cleartext listener {@link #HTTP_2} means h2c (HTTP/2 without TLS).
 */
public enum Protocol {
    /** HTTP/1.1 (and 1.0), ALPN id {@code http/1.1}. */
    HTTP_1_1("http/1.1"),
    /** HTTP/2: {@code h2} over TLS (ALPN), h2c with prior knowledge in cleartext. */
    HTTP_2("h2"),
    /**
     * httpteleport (Go's batched, compressed, out-of-order HTTP/1.1 over one connection), in cleartext
     * only and alone on its listener ({@link Listener#teleport}); its "ALPN id" is the handshake's
     * sniff header and is never offered through ALPN.
     */
    TELEPORT("httpteleport"),
    /**
     * HTTP/3 over QUIC (RFC 9114), ALPN id {@code h3}: UDP, always TLS 1.3, alone on its listener
     * ({@link Listener#http3}). Needs the optional {@code netty-codec-http3} and {@code netty-codec-native-quic}
     * jars on the class path.
     */
    HTTP_3("h3");

    private final String alpnId;

    Protocol(String alpnId) {
        this.alpnId = alpnId;
    }

    /** The protocol's ALPN identifier (RFC 7301), e.g. {@code http/1.1} or {@code h2}. */
    public String alpnId() {
        return alpnId;
    }
}
