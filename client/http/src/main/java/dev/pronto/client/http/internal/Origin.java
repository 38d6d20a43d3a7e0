package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientRequest;

/** The key of a connection pool: scheme, host and port. */
public record Origin(String scheme, String host, int port) {
    static Origin of(ClientRequest request) {
        return new Origin(request.https() ? "https" : "http", request.host(), request.port());
    }

    /** Whether the origin is reached over TLS. */
    public boolean https() {
        return scheme.equals("https");
    }

    boolean matches(ClientRequest request) {
        return port == request.port() && request.https() == scheme.equals("https") && host.equals(request.host());
    }

    @Override
    public String toString() {
        return scheme + "://" + host + ":" + port;
    }
}
