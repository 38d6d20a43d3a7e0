package dev.pronto.core;

import java.util.List;
import java.util.Objects;

/**
 * One address a server accepts connections on, with the protocols it speaks there. A server may have
 * several ({@link Server.Builder#listener(Listener)}); they share routes, limits and event loops.
 *
 * <pre>{@code
 * Server.builder()
 *     .listener(Listener.http(8080))
 *     .listener(Listener.https(8443, tls))
 *     .routes(r -> r.get("/", (req, res) -> res.send("hi")))
 *     .build().start();
 * }</pre>
 *
 * <p>Protocols are listed in preference order. Cleartext: {@code [HTTP_1_1]}, {@code [HTTP_1_1, HTTP_2]}
 * (h2c with prior knowledge beside HTTP/1.1, told apart by the connection's first bytes) or
 * {@code [HTTP_2]} (h2c only: an HTTP/1.1 request gets a GOAWAY and a close). With TLS the list is
 * offered through ALPN: {@code [HTTP_1_1]}, or {@code [HTTP_2, HTTP_1_1]}; a client that sends no ALPN
 * gets HTTP/1.1 when it is offered.
 *
 * @param host address to bind, or null for {@link ServerConfig#host()}
 * @param port TCP port, 0..65535; 0 binds a free one, see {@link Server#ports()}
 * @param protocols offered protocols, non-empty, without duplicates, most preferred first
 * @param tls TLS settings, or null for cleartext
 */
public record Listener(String host, int port, List<Protocol> protocols, TlsConfig tls) {
    /** Validates the port and the protocol list. */
    public Listener {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535, got " + port);
        }
        protocols = List.copyOf(Objects.requireNonNull(protocols, "protocols"));
        if (protocols.isEmpty() || protocols.stream().distinct().count() != protocols.size()) {
            throw new IllegalArgumentException("protocols must be non-empty and without duplicates, got " + protocols);
        }
        if (protocols.contains(Protocol.HTTP_3) && (protocols.size() > 1 || tls == null)) {
            throw new IllegalArgumentException("protocols: HTTP_3 must be the only protocol of its listener and needs tls, got "
                    + protocols + (tls == null ? " without tls" : ""));
        }
        if (protocols.contains(Protocol.TELEPORT) && protocols.size() > 1) {
            throw new IllegalArgumentException("protocols: TELEPORT must be the only protocol of its listener, got "
                    + protocols);
        }
    }

    /** HTTP/1.1 in cleartext on {@code port}, and h2c for clients that start with the HTTP/2 preface. */
    public static Listener http(int port) {
        return new Listener(null, port, List.of(Protocol.HTTP_1_1, Protocol.HTTP_2), null);
    }

    /** h2c only (HTTP/2 with prior knowledge) in cleartext on {@code port}. */
    public static Listener h2c(int port) {
        return new Listener(null, port, List.of(Protocol.HTTP_2), null);
    }

    /** TLS on {@code port}, offering {@code h2} and {@code http/1.1} through ALPN, HTTP/2 preferred. */
    public static Listener https(int port, TlsConfig tls) {
        return new Listener(null, port, List.of(Protocol.HTTP_2, Protocol.HTTP_1_1), Objects.requireNonNull(tls, "tls"));
    }

    /**
     * httpteleport in cleartext on {@code port}: every request message runs through the same routes,
     * hooks, error mapping and metrics as HTTP. Responses are written with the compression the client
     * declared for its requests (none, flate or snappy). Limits: {@link ServerConfig#maxPendingResponses()}
     * requests in flight per connection (429 past it), {@code maxRequestLineLength}/{@code maxHeaderSize}/
     * {@code maxBodySize} per message, {@code headerReadTimeout} for the handshake and for a message's id and
     * head (from their first byte, also while other requests are in flight), {@code bodyReadTimeout} and
     * {@code minBodyRate} for its body (a close), {@code idleTimeout}, {@code responseTimeout}.
     */
    public static Listener teleport(int port) {
        return new Listener(null, port, List.of(Protocol.TELEPORT), null);
    }

    /**
     * httpteleport on {@code port}, as {@link #teleport(int)}, also offering TLS: a client whose handshake
     * sets the TLS flag gets the flag back and a TLS handshake on the socket right after the 15 handshake
     * bytes, then the (compressed) stream runs inside TLS, as Go's fastrpc does. No ALPN is involved. A
     * client that does not set the flag still gets plaintext. The TLS handshake must end within
     * {@link TlsConfig#handshakeTimeout()}.
     */
    public static Listener teleport(int port, TlsConfig tls) {
        return new Listener(null, port, List.of(Protocol.TELEPORT), Objects.requireNonNull(tls, "tls"));
    }

    /**
     * HTTP/3 over QUIC on UDP {@code port}, with the certificate of {@code tls} (its keys; QUIC always runs
     * TLS 1.3 with ALPN {@code h3}). It may share the port number of a TCP TLS listener: that listener's
     * responses then advertise it ({@code Alt-Svc: h3=":port"}). QUIC's limits are
     * {@link Server.Builder#http3(Http3Config)}. Needs {@code io.netty:netty-codec-http3} and
     * {@code io.netty:netty-codec-native-quic} (classifier of the platform) on the class path: without
     * them {@code Server.start()} fails with an IllegalStateException naming them.
     */
    public static Listener http3(int port, TlsConfig tls) {
        return new Listener(null, port, List.of(Protocol.HTTP_3), Objects.requireNonNull(tls, "tls"));
    }

    /** This listener bound to {@code value} instead of {@link ServerConfig#host()}. */
    public Listener withHost(String value) {
        return new Listener(Objects.requireNonNull(value, "value"), port, protocols, tls);
    }

    /** This listener offering {@code value}, most preferred first. */
    public Listener withProtocols(Protocol... value) {
        return new Listener(host, port, List.of(value), tls);
    }
}
