package dev.pronto.core;

/** How every WebSocket route ({@link Routes#webSocket}) appears in the OpenAPI document: its handshake. */
final class WebSocketDoc {
    /** What a WebSocket route's GET answers. */
    static final RouteDoc HANDSHAKE = RouteDoc.builder().summary("A WebSocket endpoint (RFC 6455)").tag("WebSocket")
            // one-value enums rather than const: generators take enums in headers (openapi-python-client refuses const)
            .requiredHeader("Upgrade", "{\"type\":\"string\",\"enum\":[\"websocket\"]}")
            .requiredHeader("Connection", "{\"type\":\"string\",\"enum\":[\"Upgrade\"]}")
            .requiredHeader("Sec-WebSocket-Key", "{\"type\":\"string\",\"pattern\":\"^[A-Za-z0-9+/]{22}==$\"}")
            .requiredHeader("Sec-WebSocket-Version", "{\"type\":\"string\",\"enum\":[\"13\"]}")
            .response(101, "Switching Protocols: the handshake succeeded")
            .response(400, "Bad Request: a Sec-WebSocket-Key that is not 16 base64 bytes", "text/plain", "{\"type\":\"string\"}")
            .response(426, "Upgrade Required: no or wrong upgrade headers, or a version other than 13", "text/plain",
                    "{\"type\":\"string\"}")
            .response(503, "Service Unavailable: the server cannot take the upgrade now", "text/plain", "{\"type\":\"string\"}")
            .build();

    private WebSocketDoc() {
    }
}
