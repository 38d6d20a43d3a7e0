package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Server;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsHandshakes;
import io.netty.buffer.ByteBuf;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** permessage-deflate in the client: the offer, Pronto's server agreeing, and answers to refuse. */
class WebSocketClientDeflateTest {
    private static final WebSocketOptions DEFLATE = WebSocketOptions.builder().maxMessageSize(1 << 20)
            .compression(WebSocketOptions.Deflate.defaults()).build();
    private static final Pattern KEY = Pattern.compile("(?i)sec-websocket-key: *(\\S+)");

    private final HttpClient client = HttpClient.create(ClientConfig.defaults());
    private final LinkedBlockingQueue<String> got = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<String> offers = new LinkedBlockingQueue<>();
    private Server server;

    private final WebSocketHandler recorder = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            got.add(text);
        }
    };

    @AfterEach
    void stop() {
        client.close();
        if (server != null) {
            server.close();
        }
    }

    private URI startEcho() {
        server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.onRequest((req, res) -> offers.add(String.valueOf(req.header("Sec-WebSocket-Extensions"))))
                        .ws("/echo", DEFLATE, new WebSocketHandler() {
                            @Override
                            public void onText(WebSocket ws, String text) {
                                ws.sendText(text);
                            }

                            @Override
                            public void onBinary(WebSocket ws, ByteBuf data) {
                                ws.sendBinary(data.retain());
                            }
                        }))
                .build().start();
        return URI.create("ws://127.0.0.1:" + server.port() + "/echo");
    }

    /** A 101 for the request's key with {@code extensions}, then {@code frame}. */
    private static RawServer answering(String extensions, byte[] frame) {
        return RawServer.start((ctx, index, request) -> {
            Matcher key = KEY.matcher(request);
            key.find();
            RawServer.send(ctx, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: " + WsHandshakes.accept(key.group(1)) + "\r\n"
                    + (extensions == null ? "" : "Sec-WebSocket-Extensions: " + extensions + "\r\n") + "\r\n");
            RawServer.send(ctx, frame);
        });
    }

    private static URI ws(RawServer raw) {
        return URI.create(raw.url("/ws").replace("http://", "ws://"));
    }

    @Test
    void offersDeflateAndEchoesLargeMessagesThroughProntosServer() throws Exception {
        WebSocket ws = client.webSocket(startEcho(), DEFLATE, recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);
        String big = "compressible ".repeat(20_000);

        ws.sendText("hello");
        ws.sendText(big);

        assertThat(offers.poll(10, TimeUnit.SECONDS)).isEqualTo("permessage-deflate; client_no_context_takeover");
        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("hello");
        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo(big);
    }

    @Test
    void withoutCompressionNothingIsOffered() throws Exception {
        WebSocket ws = client.webSocket(startEcho(), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);

        ws.sendText("plain");

        assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("plain");
        assertThat(offers.poll(10, TimeUnit.SECONDS)).isEqualTo("null");
    }

    @Test
    void inflatesACompressedMessageFromTheServer() throws Exception {
        // RFC 7692 §7.2.3.1: "Hello" compressed, RSV1 set, unmasked
        byte[] hello = {(byte) 0xc1, 0x07, (byte) 0xf2, 0x48, (byte) 0xcd, (byte) 0xc9, (byte) 0xc9, 0x07, 0x00};
        try (RawServer raw = answering("permessage-deflate", hello)) {
            client.webSocket(ws(raw), DEFLATE, recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);

            assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("Hello");
        }
    }

    @Test
    void anExtensionThatWasNotOfferedFailsTheHandshake() {
        try (RawServer raw = answering("permessage-deflate", new byte[0])) {
            assertThatThrownBy(() -> client.webSocket(ws(raw), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ClientException.class)
                    .hasMessageContaining("not offered");
        }
    }

    @Test
    void aClientWindowTheJdkCannotHonourFailsTheHandshake() {
        try (RawServer raw = answering("permessage-deflate; client_max_window_bits=10", new byte[0])) {
            assertThatThrownBy(() -> client.webSocket(ws(raw), DEFLATE, recorder).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ClientException.class)
                    .hasMessageContaining("cannot accept");
        }
    }
}
