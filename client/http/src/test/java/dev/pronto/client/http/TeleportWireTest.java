package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client's bytes on the wire against a hand-written peer (httpteleport.md §2 and §4). */
class TeleportWireTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    private static final String REQUEST = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private final ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    private final CompletableFuture<byte[]> received = new CompletableFuture<>();

    TeleportWireTest() throws Exception {
    }

    @AfterEach
    void close() throws Exception {
        listener.close();
    }

    /** Accepts one connection: reads the client's handshake, answers its own, reads one message, answers {@code reply}. */
    private void peer(String serverHandshake, byte[] reply, int requestLength) {
        Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept()) {
                InputStream in = s.getInputStream();
                byte[] hello = in.readNBytes(15);
                OutputStream out = s.getOutputStream();
                out.write(HEX.parseHex(serverHandshake));
                out.flush();
                byte[] request = in.readNBytes(requestLength);
                out.write(reply);
                out.flush();
                byte[] got = new byte[15 + requestLength];
                System.arraycopy(hello, 0, got, 0, 15);
                System.arraycopy(request, 0, got, 15, requestLength);
                received.complete(got);
                in.read();
            } catch (Exception e) {
                received.completeExceptionally(e);
            }
        });
    }

    private TeleportClient client() {
        return TeleportClient.create(TeleportConfig.builder("127.0.0.1", listener.getLocalPort())
                .compression(TeleportCompression.NONE).build());
    }

    private static byte[] framed(String hexId, String message) {
        byte[] id = HEX.parseHex(hexId);
        byte[] m = message.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[id.length + m.length];
        System.arraycopy(id, 0, out, 0, id.length);
        System.arraycopy(m, 0, out, id.length, m.length);
        return out;
    }

    @Test
    void writesTheGoClientsHandshakeAndFirstRequestByteForByte() {
        peer("68 74 74 70 74 65 6c 65 70 6f 72 74 00 01 00",
                framed("01 00 00 00", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi"), 39);

        try (TeleportClient client = client();
             ClientResponse r = client.sendBlocking(ClientRequest.get("http://localhost/"))) {
            assertThat(r.string()).isEqualTo("hi");
        }

        byte[] got = received.join();
        assertThat(HEX.formatHex(got, 0, 15)).isEqualTo("68 74 74 70 74 65 6c 65 70 6f 72 74 00 01 00");
        assertThat(HEX.formatHex(got, 15, 19)).isEqualTo("01 00 00 00");
        assertThat(new String(got, 19, 35, StandardCharsets.ISO_8859_1)).isEqualTo(REQUEST);
    }

    @Test
    void failsOnAResponseWithoutFraming() {
        peer("68 74 74 70 74 65 6c 65 70 6f 72 74 00 01 00", framed("01 00 00 00", "HTTP/1.1 200 OK\r\n\r\nhi"), 39);

        try (TeleportClient client = client()) {
            assertThatThrownBy(() -> client.sendBlocking(ClientRequest.get("http://localhost/")))
                    .isInstanceOf(MalformedResponseException.class).hasMessageContaining("Content-Length");
        }
    }

    @Test
    void refusesAServerWithAnotherSniffHeader() {
        peer("68 74 74 70 74 65 6c 65 70 6f 72 58 00 01 00", new byte[0], 0);

        try (TeleportClient client = client()) {
            assertThatThrownBy(() -> client.sendBlocking(ClientRequest.get("http://localhost/")))
                    .isInstanceOf(ConnectFailedException.class).hasMessageContaining("handshake");
        }
    }
}
