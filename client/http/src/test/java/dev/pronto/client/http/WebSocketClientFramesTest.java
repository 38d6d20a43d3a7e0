package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.wire.WsHandshakes;
import java.net.URI;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client's end of a connection checks the server's frames with the wire module's rules. */
class WebSocketClientFramesTest {
    private static final Pattern KEY = Pattern.compile("(?i)sec-websocket-key: *(\\S+)");

    private final HttpClient client = HttpClient.create(ClientConfig.defaults());
    private final LinkedBlockingQueue<String> events = new LinkedBlockingQueue<>();

    private final WebSocketHandler recorder = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            events.add("text " + text);
        }

        @Override
        public void onClose(WebSocket ws, int code, String reason) {
            events.add("close " + code);
        }
    };

    @AfterEach
    void stop() {
        client.close();
    }

    /** A 101 for the request's key, then {@code frame}. */
    private static RawServer answering(byte[] frame) {
        return RawServer.start((ctx, index, request) -> {
            Matcher key = KEY.matcher(request);
            key.find();
            RawServer.send(ctx, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: " + WsHandshakes.accept(key.group(1)) + "\r\n\r\n");
            RawServer.send(ctx, frame);
        });
    }

    private void open(RawServer raw) throws Exception {
        URI uri = URI.create(raw.url("/ws").replace("http://", "ws://"));
        client.webSocket(uri, recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void anUnmaskedTextFrameIsDelivered() throws Exception {
        try (RawServer raw = answering(new byte[] {(byte) 0x81, 2, 'o', 'k'})) {
            open(raw);

            assertThat(events.poll(10, TimeUnit.SECONDS)).isEqualTo("text ok");
        }
    }

    @Test
    void aMaskedFrameFromTheServerFailsTheConnectionWith1002() throws Exception {
        try (RawServer raw = answering(new byte[] {(byte) 0x81, (byte) 0x82, 0, 0, 0, 0, 'o', 'k'})) {
            open(raw);

            assertThat(events.poll(10, TimeUnit.SECONDS)).isEqualTo("close 1002");
        }
    }

    @Test
    void textThatIsNotUtf8FailsTheConnectionWith1007() throws Exception {
        try (RawServer raw = answering(new byte[] {(byte) 0x81, 2, (byte) 0xC0, (byte) 0x80})) {
            open(raw);

            assertThat(events.poll(10, TimeUnit.SECONDS)).isEqualTo("close 1007");
        }
    }
}
