package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Teleport inside TLS (handshake flag 1) on real sockets: the client against a TLS-capable teleport
 * listener, and both sides against a peer whose TLS flag disagrees (a close and a failed connect,
 * never a hang).
 */
class TeleportTlsTest {
    private static Server tlsServer;
    private static Server plainServer;

    @BeforeAll
    static void start() {
        TlsConfig tls = TlsConfig.builder().pem(HttpsTest.file("localhost.crt"), HttpsTest.file("localhost.key")).build();
        tlsServer = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.teleport(0, tls))
                .routes(r -> r.get("/secure", (req, res) -> res.send(req.tlsSession() != null ? "tls" : "plain"))
                        .post("/echo", (req, res) -> res.send(req.bodyString())))
                .build().start();
        plainServer = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1)).listener(Listener.teleport(0))
                .routes(r -> r.get("/secure", (req, res) -> res.send("plain"))).build().start();
    }

    @AfterAll
    static void stop() {
        tlsServer.close();
        plainServer.close();
    }

    private static ClientTls trustingLocalhost() {
        return ClientTls.builder().trustedCertificates(HttpsTest.file("localhost.crt")).build();
    }

    private static TeleportConfig.Builder config(int port) {
        return TeleportConfig.builder("localhost", port).connectTimeout(Duration.ofSeconds(5)).reconnectDelay(Duration.ofMillis(10));
    }

    private static String get(TeleportClient client) {
        try (ClientResponse r = client.sendBlocking(ClientRequest.get("http://backend/secure"))) {
            return r.string();
        }
    }

    @ParameterizedTest
    @EnumSource(TeleportCompression.class)
    void requestsRunInsideTlsWithEveryCompression(TeleportCompression compression) {
        try (TeleportClient client = TeleportClient.create(config(tlsServer.port()).tls(trustingLocalhost())
                .compression(compression).build())) {
            assertThat(get(client)).isEqualTo("tls");
            // varied bytes: Netty's snappy decoder takes about a second per 100 KB of one repeated byte
            StringBuilder sb = new StringBuilder();
            java.util.Random random = new java.util.Random(18);
            while (sb.length() < 100_000) {
                sb.append(Long.toString(random.nextLong(), 36));
            }
            String big = sb.toString();
            try (ClientResponse r = client.sendBlocking(ClientRequest.builder().method("POST").uri("http://backend/echo")
                    .body(big).build())) {
                assertThat(r.string()).isEqualTo(big);
            }
        }
    }

    @Test
    void aTlsListenerStillServesPlaintextClients() {
        try (TeleportClient client = TeleportClient.create(config(tlsServer.port()).build())) {
            assertThat(get(client)).isEqualTo("plain");
        }
    }

    @Test
    void aServerWithoutTlsFailsTheConnect() {
        try (TeleportClient client = TeleportClient.create(config(plainServer.port()).tls(trustingLocalhost()).build())) {
            assertThatThrownBy(() -> get(client)).isInstanceOf(ConnectFailedException.class)
                    .hasMessageContaining("does not offer TLS");
        }
    }

    @Test
    void anUntrustedCertificateFailsTheConnect() {
        ClientTls trustingOther = ClientTls.builder().trustedCertificates(HttpsTest.file("ca.crt")).build();
        try (TeleportClient client = TeleportClient.create(config(tlsServer.port()).tls(trustingOther).build())) {
            assertThatThrownBy(() -> get(client)).isInstanceOf(ConnectFailedException.class);
        }
    }

    @Test
    void aServerSettingTheTlsFlagUnaskedFailsTheConnect() throws Exception {
        try (ServerSocket fake = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CompletableFuture<Integer> afterReply = CompletableFuture.supplyAsync(() -> {
                try (Socket s = fake.accept()) {
                    s.setSoTimeout(10_000);
                    s.getInputStream().readNBytes(15);
                    OutputStream out = s.getOutputStream();
                    out.write("httpteleport".getBytes(StandardCharsets.US_ASCII));
                    out.write(new byte[] {0, 1, 1});
                    out.flush();
                    return s.getInputStream().read();  // -1 once the client closes
                } catch (java.io.IOException e) {
                    return -2;
                }
            });
            try (TeleportClient client = TeleportClient.create(TeleportConfig.builder("127.0.0.1", fake.getLocalPort())
                    .compression(TeleportCompression.NONE).build())) {
                assertThatThrownBy(() -> get(client)).isInstanceOf(ConnectFailedException.class)
                        .hasMessageContaining("did not ask for TLS");
            }
            assertThat(afterReply.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(-1);
        }
    }

    @Test
    void aPlaintextListenerAnswersATlsRequestWithFlagZeroAndCloses() throws Exception {
        try (Socket s = new Socket("127.0.0.1", plainServer.port())) {
            s.setSoTimeout(10_000);  // a hang fails the test instead of the build
            s.getOutputStream().write(handshake(1));
            InputStream in = s.getInputStream();
            byte[] reply = in.readNBytes(15);
            assertThat(reply).isEqualTo(handshake(0));
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    @Test
    void aTlsListenerClosesWhenNoTlsHandshakeFollows() throws Exception {
        try (Socket s = new Socket("127.0.0.1", tlsServer.port())) {
            s.setSoTimeout(10_000);  // a hang fails the test instead of the build
            s.getOutputStream().write(handshake(1));
            InputStream in = s.getInputStream();
            assertThat(in.readNBytes(15)).isEqualTo(handshake(1));
            // plaintext where the TLS ClientHello belongs: the TLS handler rejects it and the server closes
            s.getOutputStream().write("\0\0\0\0GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(in.readAllBytes().length).isLessThan(64);  // at most a TLS alert, then EOF
        }
    }

    private static byte[] handshake(int tlsFlag) {
        byte[] b = new byte[15];
        System.arraycopy("httpteleport".getBytes(StandardCharsets.US_ASCII), 0, b, 0, 12);
        b[13] = 1;  // none
        b[14] = (byte) tlsFlag;
        return b;
    }
}
