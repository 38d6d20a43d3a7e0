package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.websocket.WsWire;
import dev.pronto.testsupport.RawH2;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** HTTP/2 streams by outcome and WebSocket messages and closes, as Server reports them for the meters. */
class ProtocolCountersTest {
    private final Server server = Server.builder().listener(Listener.h2c(0).withHost("127.0.0.1"))
            .listener(Listener.http(0).withHost("127.0.0.1"))
            .routes(r -> r.get("/", (req, res) -> res.send("ok"))
                    .post("/slow", (req, res) -> res.send("late"))
                    .ws("/ws", new WebSocketHandler() {
                        @Override
                        public void onText(WebSocket ws, String text) {
                            ws.sendText(text);
                        }

                        @Override
                        public void onBinary(WebSocket ws, ByteBuf data) {
                        }
                    }))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anAnsweredStreamCountsAsCompleted() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "GET", "/", RawH2.END_STREAM);
            assertThat(h2.awaitFrame(RawH2.DATA).text()).isEqualTo("ok");
        }
        TlsFixtures.await(() -> server.http2Streams(Http2StreamOutcome.COMPLETED) == 1, "one completed stream");
        assertThat(server.http2Streams(Http2StreamOutcome.RESET_BY_CLIENT)).isZero();
        assertThat(server.http2Streams(Http2StreamOutcome.RESET_BY_SERVER)).isZero();
    }

    @Test
    void aStreamTheClientResetsCountsAsResetByClientAndIsNoLongerOpen() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/slow", 0);
            TlsFixtures.await(() -> server.openHttp2Streams() == 1, "the stream to open");
            h2.frame(RawH2.RST_STREAM, 0, 1, new byte[] {0, 0, 0, 8});
            TlsFixtures.await(() -> server.http2Streams(Http2StreamOutcome.RESET_BY_CLIENT) == 1, "the reset to count");
            assertThat(server.openHttp2Streams()).isZero();
        }
    }

    @Test
    void aStreamErrorTheServerResetsCountsAsResetByServer() throws Exception {
        try (RawH2 h2 = new RawH2(server.ports().get(0))) {
            h2.request(1, "POST", "/slow", 0);
            h2.frame(RawH2.WINDOW_UPDATE, 0, 1, new byte[] {0, 0, 0, 0}); // increment 0: a stream error (RFC 9113 §6.9)
            assertThat(h2.awaitFrame(RawH2.RST_STREAM)).isNotNull();
        }
        TlsFixtures.await(() -> server.http2Streams(Http2StreamOutcome.RESET_BY_SERVER) == 1, "the server reset to count");
    }

    @Test
    void webSocketMessagesAreCountedEachWayAndTheCloseByCode() throws Exception {
        try (WsSocket ws = new WsSocket(server.ports().get(1), "/ws")) {
            ws.send(WsWire.text("a"));
            ws.send(WsWire.text("b"));
            ws.send(WsWire.frame(WsWire.BINARY, true, new byte[] {1}));
            assertThat(ws.next().text()).isEqualTo("a");
            assertThat(ws.next().text()).isEqualTo("b");
            ws.send(WsWire.close(4321, "bye"));
            assertThat(ws.next().closeCode()).isEqualTo(4321);
        }
        TlsFixtures.await(() -> server.webSocketCloses("other") == 1, "the close to count");
        assertThat(server.webSocketMessagesReceived()).isEqualTo(3);
        assertThat(server.webSocketMessagesSent()).isEqualTo(2);
        assertThat(server.webSocketCloses("1000")).isZero();
    }

    @Test
    void closeCodesOutsideTheRegisteredRangeShareOneTag() {
        assertThat(MeterNames.webSocketCloseCodeTag(1000)).isEqualTo("1000");
        assertThat(MeterNames.webSocketCloseCodeTag(1015)).isEqualTo("1015");
        assertThat(MeterNames.webSocketCloseCodeTag(4999)).isEqualTo("other");
        assertThat(MeterNames.webSocketCloseCodeTag(-1)).isEqualTo("other");
    }
}
