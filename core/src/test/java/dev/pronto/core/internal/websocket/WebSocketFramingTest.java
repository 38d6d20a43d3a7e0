package dev.pronto.core.internal.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketFragment;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class WebSocketFramingTest {
    private final List<String> events = new CopyOnWriteArrayList<>();

    private final WebSocketHandler echo = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            ws.sendText(text);
        }

        @Override
        public void onBinary(WebSocket ws, ByteBuf data) {
            ws.sendBinary(data.retain());
        }

        @Override
        public void onClose(WebSocket ws, int code, String reason) {
            events.add("close " + code);
        }
    };

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void upgradeAnswers101WithTheAcceptKeyAndEchoesText() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            String head = c.upgrade("/ws");
            c.send(WsWire.text("hello"));

            assertThat(head).startsWith("HTTP/1.1 101 Switching Protocols\r\n")
                    .contains("Upgrade: websocket\r\n", "Connection: Upgrade\r\n", "Sec-WebSocket-Accept: " + WsWire.ACCEPT + "\r\n")
                    .doesNotContain("Content-Length");
            assertThat(c.frames()).singleElement().satisfies(f -> {
                assertThat(f.opcode()).isEqualTo(WsWire.TEXT);
                assertThat(f.text()).isEqualTo("hello");
            });
        }
    }

    @Test
    void framesSentWithTheHandshakeAreServedAfterTheUpgrade() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.request(WsWire.upgrade("/ws"), WsWire.text("a"), WsWire.text("b"));

            assertThat(c.frames()).extracting(WsWire.Frame::text).containsExactly("a", "b");
        }
    }

    @Test
    void binaryIsEchoedAsBinaryWith16And64BitLengths() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", WebSocketOptions.builder().maxMessageSize(1 << 20).build(), echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.BINARY, true, new byte[300]), WsWire.frame(WsWire.BINARY, true, new byte[70_000]));

            assertThat(c.frames()).extracting(f -> f.opcode() + ":" + f.payload().length)
                    .containsExactly(WsWire.BINARY + ":300", WsWire.BINARY + ":70000");
        }
    }

    @Test
    void plainGetOnAWebSocketRouteGets426() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            String head = c.request("GET /ws HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(head).startsWith("HTTP/1.1 426 Upgrade Required\r\n").contains("Upgrade: websocket\r\n");
        }
    }

    @Test
    void unsupportedVersionGets426NamingVersion13() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            String head = c.request(WsWire.upgrade("/ws").replace("Version: 13", "Version: 8"));

            assertThat(head).startsWith("HTTP/1.1 426 ").contains("Sec-WebSocket-Version: 13\r\n");
        }
    }

    @Test
    void malformedKeyGets400() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            String head = c.request(WsWire.upgrade("/ws").replace(WsWire.KEY, "short"));

            assertThat(head).startsWith("HTTP/1.1 400 ");
        }
    }

    @Test
    void preHandlerHookRejectsBeforeTheUpgrade() {
        try (WsChannel c = new WsChannel(r -> r.preHandler((req, res) -> {
            if (req.header("Authorization") == null) {
                res.status(401).send("no");
            }
        }).ws("/ws", echo))) {
            String head = c.upgrade("/ws");
            c.send(WsWire.text("x"));

            assertThat(head).startsWith("HTTP/1.1 401 ");
            // no echo: the server's unmasked text frame "x" would be 0x81 0x01 'x'
            assertThat(c.rest()).doesNotContain("\u0081\u0001x");
        }
    }

    @Test
    void requestAttributesSetByHooksReachTheSession() {
        try (WsChannel c = new WsChannel(r -> r.preHandler((req, res) -> req.attribute("user", "ada"))
                .ws("/ws/{room}", new WebSocketHandler() {
                    @Override
                    public void onOpen(WebSocket ws) {
                        ws.sendText(ws.attribute("user") + "@" + ws.param("room") + " " + ws.uri());
                    }
                }))) {
            c.upgrade("/ws/lobby?x=1");

            assertThat(c.frames()).extracting(WsWire.Frame::text).containsExactly("ada@lobby /ws/lobby?x=1");
        }
    }

    @Test
    void fragmentsAreAssembledIntoOneMessage() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.TEXT, false, bytes("hel")), WsWire.frame(WsWire.PING, true, bytes("p")),
                    WsWire.frame(WsWire.CONT, false, bytes("lo ")), WsWire.frame(WsWire.CONT, true, bytes("world")));

            assertThat(c.frames()).extracting(f -> f.opcode() + ":" + f.text())
                    .containsExactly(WsWire.PONG + ":p", WsWire.TEXT + ":hello world");
        }
    }

    @Test
    void fragmentModeDeliversEachFrame() {
        List<String> got = new CopyOnWriteArrayList<>();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", WebSocketOptions.builder().fragments().build(), new WebSocketHandler() {
            @Override
            public void onFragment(WebSocket ws, WebSocketFragment f) {
                got.add(f.text() + ":" + f.data().toString(StandardCharsets.UTF_8) + ":" + f.last());
            }
        }))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.TEXT, false, bytes("ab")), WsWire.frame(WsWire.CONT, true, bytes("cd")));

            assertThat(got).containsExactly("true:ab:false", "true:cd:true");
        }
    }

    @Test
    void messageAssembledBeyondMaxMessageSizeClosesWith1009() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", WebSocketOptions.builder().maxMessageSize(200).build(), echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.BINARY, false, new byte[150]), WsWire.frame(WsWire.CONT, true, new byte[150]));

            assertThat(c.frames()).singleElement().satisfies(f -> {
                assertThat(f.opcode()).isEqualTo(WsWire.CLOSE);
                assertThat(f.closeCode()).isEqualTo(1009);
            });
        }
    }

    @Test
    void frameBeyondMaxMessageSizeClosesWith1009() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", WebSocketOptions.builder().maxMessageSize(200).build(), echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.BINARY, true, new byte[300]));

            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(1009);
            assertThat(c.ch.isOpen()).isFalse();
        }
    }

    @Test
    void invalidUtf8TextClosesWith1007() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.TEXT, true, new byte[] {'a', (byte) 0xc3, (byte) 0x28}));

            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(1007);
            assertThat(c.ch.isOpen()).isFalse();
        }
    }

    @Test
    void unmaskedClientFrameClosesWith1002() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.TEXT, true, bytes("x"), false));

            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(1002);
        }
    }

    @Test
    void pingIsAnsweredWithPongCarryingItsPayload() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.upgrade("/ws");
            c.send(WsWire.frame(WsWire.PING, true, bytes("are you there")));

            assertThat(c.frames()).singleElement().satisfies(f -> {
                assertThat(f.opcode()).isEqualTo(WsWire.PONG);
                assertThat(f.text()).isEqualTo("are you there");
            });
        }
    }

    @Test
    void clientCloseIsAnsweredWithItsCodeThenTheSocketCloses() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.upgrade("/ws");
            c.send(WsWire.close(1000, "validate done"));

            assertThat(c.frames()).singleElement().satisfies(f -> {
                assertThat(f.opcode()).isEqualTo(WsWire.CLOSE);
                assertThat(f.closeCode()).isEqualTo(1000);
            });
            assertThat(c.ch.isOpen()).isFalse();
            assertThat(events).containsExactly("close 1000");
        }
    }

    @Test
    void serverCloseWaitsForThePeerAtMostCloseTimeout() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", WebSocketOptions.builder().closeTimeout(Duration.ofSeconds(2)).build(),
                new WebSocketHandler() {
                    @Override
                    public void onText(WebSocket ws, String text) {
                        ws.close(4000, "bye");
                    }
                }))) {
            c.upgrade("/ws");
            c.send(WsWire.text("x"));
            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(4000);
            assertThat(c.ch.isOpen()).isTrue();

            c.advance(2_100);

            assertThat(c.ch.isOpen()).isFalse();
        }
    }

    @Test
    void silentConnectionIsPingedThenClosedWith1001WhenIdle() {
        WebSocketOptions o = WebSocketOptions.builder().pingInterval(Duration.ofSeconds(1)).idleTimeout(Duration.ofSeconds(3)).build();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", o, echo))) {
            c.upgrade("/ws");
            c.advance(1_300);
            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::opcode).isEqualTo(WsWire.PING);

            c.advance(2_000);

            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(1001);
        }
    }

    @Test
    void pongKeepsTheConnectionAlive() {
        WebSocketOptions o = WebSocketOptions.builder().pingInterval(Duration.ofSeconds(1)).idleTimeout(Duration.ofSeconds(3)).build();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", o, echo))) {
            c.upgrade("/ws");
            for (int i = 0; i < 5; i++) {
                c.advance(1_300);
                c.send(WsWire.frame(WsWire.PONG, true, new byte[0]));
            }

            assertThat(c.frames()).extracting(WsWire.Frame::opcode).containsOnly(WsWire.PING);
            assertThat(c.ch.isOpen()).isTrue();
        }
    }

    @Test
    void sendsBeyondMaxQueuedBytesFailAndCloseWith1008() {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", WebSocketOptions.builder().maxQueuedBytes(4096).build(),
                new WebSocketHandler() {
                    @Override
                    public void onText(WebSocket ws, String text) {
                        ws.sendBinary(new byte[3000]);
                        ws.sendBinary(new byte[3000]).whenComplete((v, error) -> failures.add(error));
                    }
                }))) {
            c.upgrade("/ws");
            c.send(WsWire.text("go"));

            assertThat(failures).singleElement().isInstanceOf(IllegalStateException.class);
            assertThat(c.frames()).extracting(WsWire.Frame::opcode).containsExactly(WsWire.BINARY, WsWire.CLOSE);
        }
    }

    @Test
    void callbackFailureReachesOnErrorAndClosesWith1011() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", new WebSocketHandler() {
            @Override
            public void onText(WebSocket ws, String text) {
                throw new IllegalStateException("boom");
            }

            @Override
            public void onError(WebSocket ws, Throwable error) {
                events.add("error " + error.getMessage());
            }
        }))) {
            c.upgrade("/ws");
            c.send(WsWire.text("x"));

            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(1011);
            assertThat(events).containsExactly("error boom");
        }
    }

    @Test
    void echoedTextIsByteExact() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echo))) {
            c.upgrade("/ws");
            c.send(WsWire.text("héllo ✓"));

            assertThat(ByteBufUtil.hexDump(c.frames().getFirst().payload())).isEqualTo(ByteBufUtil.hexDump(bytes("héllo ✓")));
        }
    }
}
