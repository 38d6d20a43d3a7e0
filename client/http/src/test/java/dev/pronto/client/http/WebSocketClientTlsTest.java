package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** wss:// against Pronto's TLS listener (offering h2 and http/1.1): the client's TLS settings apply. */
class WebSocketClientTlsTest {
    private static Server server;
    private final LinkedBlockingQueue<String> got = new LinkedBlockingQueue<>();

    private final WebSocketHandler recorder = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            got.add(text);
        }

        @Override
        public void onClose(WebSocket ws, int code, String reason) {
            got.add("close " + code);
        }
    };

    @BeforeAll
    static void start() {
        TlsConfig tls = TlsConfig.builder().pem(HttpsTest.file("localhost.crt"), HttpsTest.file("localhost.key")).build();
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.https(0, tls))
                .routes(r -> r.ws("/echo", new WebSocketHandler() {
                    @Override
                    public void onText(WebSocket ws, String text) {
                        ws.sendText(text);
                    }
                }))
                .build().start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static URI uri() {
        return URI.create("wss://localhost:" + server.port() + "/echo");
    }

    private static HttpClient trusting() {
        return HttpClient.create(ClientConfig.builder()
                .tls(ClientTls.builder().trustedCertificates(HttpsTest.file("localhost.crt")).build()).build());
    }

    @Test
    void echoesOverTlsWithTheClientsTrust() throws Exception {
        try (HttpClient client = trusting()) {
            WebSocket ws = client.webSocket(uri(), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);

            ws.sendText("secret");
            assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("secret");
            ws.close(1000, "").toCompletableFuture().get(10, TimeUnit.SECONDS);

            assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("close 1000");
        }
    }

    @Test
    void upgradesOverHttp11EvenWhenTheClientPrefersHttp2() throws Exception {
        try (HttpClient client = HttpClient.create(ClientConfig.builder().protocols(Protocol.HTTP_2, Protocol.HTTP_1_1)
                .tls(ClientTls.builder().trustedCertificates(HttpsTest.file("localhost.crt")).build()).build())) {
            WebSocket ws = client.webSocket(uri(), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS);

            ws.sendText("over h1");

            assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("over h1");
        }
    }

    @Test
    void anUntrustedCertificateFailsTheStage() {
        try (HttpClient client = HttpClient.create(ClientConfig.defaults())) {
            assertThatThrownBy(() -> client.webSocket(uri(), recorder).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ClientException.class);
        }
    }

    @Test
    void hostnameVerificationAppliesToWss() {
        try (HttpClient client = trusting()) {
            URI byAddress = URI.create("wss://127.0.0.1:" + server.port() + "/echo");

            assertThatThrownBy(() -> client.webSocket(byAddress, recorder).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ClientException.class);
        }
    }
}
