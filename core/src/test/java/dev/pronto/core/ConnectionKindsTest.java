package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Open connections are counted by what they speak now, over real sockets; an upgrade moves the count. */
class ConnectionKindsTest {
    private static Server start() {
        return Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.get("/", (req, res) -> res.send("ok")).ws("/ws", new WebSocketHandler() { }))
                .build().start();
    }

    @Test
    void aKeptAliveConnectionCountsAsHttp11() throws Exception {
        try (Server server = start(); Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            s.getInputStream().read(new byte[256]);

            TlsFixtures.await(() -> server.openConnections(ConnectionKind.HTTP_1_1) == 1, "one HTTP/1.1 connection");
            assertThat(server.openConnections(ConnectionKind.WEBSOCKET)).isZero();
            assertThat(server.openConnections(ConnectionKind.HTTP_2)).isZero();
        }
    }

    @Test
    void anUpgradedConnectionCountsAsWebSocketOnly() throws Exception {
        try (Server server = start(); WsSocket ws = new WsSocket(server.port(), "/ws")) {
            assertThat(ws.head).startsWith("HTTP/1.1 101 ");

            TlsFixtures.await(() -> server.openConnections(ConnectionKind.WEBSOCKET) == 1, "one WebSocket");
            TlsFixtures.await(() -> server.openConnections(ConnectionKind.HTTP_1_1) == 0, "no HTTP/1.1 left");
        }
    }

    @Test
    void aClosedConnectionIsNoLongerCounted() throws Exception {
        try (Server server = start()) {
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                s.getInputStream().read(new byte[256]);
                TlsFixtures.await(() -> server.openConnections(ConnectionKind.HTTP_1_1) == 1, "the connection");
            }

            TlsFixtures.await(() -> server.openConnections(ConnectionKind.HTTP_1_1) == 0, "the close");
        }
    }
}
