package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Server;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WebSocketClientTest {
    private Server server;
    private final HttpClient client = HttpClient.create(ClientConfig.defaults());
    private final LinkedBlockingQueue<String> got = new LinkedBlockingQueue<>();

    private final WebSocketHandler recorder = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            got.add("text " + text);
        }

        @Override
        public void onBinary(WebSocket ws, ByteBuf data) {
            got.add("binary " + ByteBufUtil.hexDump(data));
        }

        @Override
        public void onClose(WebSocket ws, int code, String reason) {
            got.add("close " + code);
        }
    };

    @BeforeEach
    void start() {
        server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.ws("/echo", new WebSocketHandler() {
                    @Override
                    public void onText(WebSocket ws, String text) {
                        ws.sendText(text);
                    }

                    @Override
                    public void onBinary(WebSocket ws, ByteBuf data) {
                        ws.sendBinary(data.retain());
                    }
                }).get("/plain", (req, res) -> res.send("plain")))
                .build().start();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private URI uri(String path) {
        return URI.create("ws://127.0.0.1:" + server.port() + path);
    }

    @Test
    void echoesTextAndBinaryAndHonoursTheServersMessageLimit() throws Exception {
        WebSocket ws = client.webSocket(uri("/echo"), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);

        ws.sendText("hello");
        ws.sendBinary(new byte[] {1, 2, 3});
        ws.sendText("x".repeat(100_000)).toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("text hello");
        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("binary 010203");
        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("close 1009");
    }

    @Test
    void closeHandshakeEndsWithTheServersAnswer() throws Exception {
        WebSocket ws = client.webSocket(uri("/echo"), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);

        ws.close(1000, "bye").toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("close 1000");
        assertThat(ws.isOpen()).isFalse();
    }

    @Test
    void refusedUpgradeFailsTheStage() {
        assertThatThrownBy(() -> client.webSocket(uri("/plain"), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ClientException.class)
                .hasMessageContaining("upgrade refused");
    }
}
