package dev.pronto.core;

/**
 * What an open server connection speaks at the moment, for {@link Server#openConnections(ConnectionKind)}: an
 * HTTP/1.1 connection that upgraded to WebSocket or h2c counts under its new kind from then on.
 */
public enum ConnectionKind {
    /** HTTP/1.1 (and 1.0), cleartext or TLS. */
    HTTP_1_1("HTTP/1.1"),
    /** HTTP/2: h2 over TLS or h2c. */
    HTTP_2("HTTP/2"),
    /** A WebSocket (RFC 6455) after its upgrade. */
    WEBSOCKET("WebSocket"),
    /** An httpteleport connection. */
    TELEPORT("httpteleport"),
    /** An HTTP/3 (QUIC) connection. */
    HTTP_3("HTTP/3");

    private final String tag;

    ConnectionKind(String tag) {
        this.tag = tag;
    }

    /** The value of the {@code protocol} tag of {@link MeterNames#PROTOCOL_CONNECTIONS}. */
    public String tag() {
        return tag;
    }
}
