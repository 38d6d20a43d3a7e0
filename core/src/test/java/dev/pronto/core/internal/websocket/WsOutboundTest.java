package dev.pronto.core.internal.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.internal.wsendpoint.WsEndpoint;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Sends held until the end of a read batch: order against control frames, and their stages. */
class WsOutboundTest {
    private final List<CompletionStage<Void>> stages = new CopyOnWriteArrayList<>();

    private final WebSocketHandler echoTwice = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            stages.add(ws.sendText(text + "1"));
            stages.add(ws.sendText(text + "2"));
        }
    };

    private static byte[] concat(byte[]... parts) {
        return io.netty.buffer.ByteBufUtil.getBytes(WsWire.buf(parts));
    }

    @Test
    void pongAfterDataInOneReadFollowsTheEchoesOfThatData() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echoTwice))) {
            c.upgrade("/ws");
            c.send(concat(WsWire.text("a"), WsWire.frame(WsWire.PING, true, "p".getBytes(StandardCharsets.UTF_8))));

            assertThat(c.frames()).extracting(f -> f.opcode() + ":" + new String(f.payload(), StandardCharsets.UTF_8))
                    .containsExactly(WsWire.TEXT + ":a1", WsWire.TEXT + ":a2", WsWire.PONG + ":p");
        }
    }

    @Test
    void everyStageOfABatchCompletesOnceItsFlushIsWritten() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echoTwice))) {
            c.upgrade("/ws");
            c.send(concat(WsWire.text("a"), WsWire.text("b")));

            assertThat(c.frames()).extracting(f -> new String(f.payload(), StandardCharsets.UTF_8))
                    .containsExactly("a1", "a2", "b1", "b2");
            assertThat(stages).hasSize(4).allSatisfy(s -> assertThat(s.toCompletableFuture()).isCompletedWithValue(null));
        }
    }

    @Test
    void closeAnsweredInTheSameReadComesAfterTheEchoesBeforeIt() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", echoTwice))) {
            c.upgrade("/ws");
            c.send(concat(WsWire.text("a"), WsWire.close(1000, "")));

            assertThat(c.frames()).extracting(WsWire.Frame::opcode).containsExactly(WsWire.TEXT, WsWire.TEXT, WsWire.CLOSE);
        }
    }

    @Test
    void sendsQueuedWhenTheConnectionDropsFailTheirStages() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", new WebSocketHandler() {
            @Override
            public void onText(WebSocket ws, String text) {
                stages.add(ws.sendText(text));
                ((WsEndpoint) ws).closeNow();
            }
        }))) {
            c.upgrade("/ws");
            c.send(WsWire.text("a"));

            assertThat(stages).singleElement().satisfies(s -> assertThat(s.toCompletableFuture()).isCompletedExceptionally());
        }
    }
}
