package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class H2cUpgradeTest {
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** SETTINGS_MAX_CONCURRENT_STREAMS=100, SETTINGS_INITIAL_WINDOW_SIZE=65535, base64url. */
    private static final String SETTINGS = "AAMAAABkAAQAAP__";
    private Server server;

    @BeforeEach
    void start() {
        server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.get("/hello", (req, res) -> res.send("hello " + req.protocol()))
                        .post("/echo", (req, res) -> res.send("got " + req.bodyString() + " over " + req.protocol())))
                .build().start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private record Frame(int type, int flags, int stream, byte[] payload) {
    }

    private static String upgradeRequest(String method, String path, String body) {
        return method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "Upgrade: h2c\r\nHTTP2-Settings: " + SETTINGS + "\r\n"
                + (body.isEmpty() ? "" : "Content-Length: " + body.length() + "\r\n") + "\r\n" + body;
    }

    /** Sends {@code request}, reads the HTTP/1.1 head, then speaks HTTP/2 and collects stream 1's frames. */
    private List<Frame> upgradeAndRead(String request, StringBuilder head) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            DataInputStream in = new DataInputStream(s.getInputStream());
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            while (head.indexOf("\r\n\r\n") < 0) {
                head.append((char) in.readUnsignedByte());
            }
            if (!head.toString().startsWith("HTTP/1.1 101")) {
                return List.of();
            }
            out.write(PREFACE);
            out.write(new byte[] {0, 0, 0, 4, 0, 0, 0, 0, 0});
            List<Frame> frames = new ArrayList<>();
            for (;;) {
                int length = in.readUnsignedByte() << 16 | in.readUnsignedByte() << 8 | in.readUnsignedByte();
                Frame f = new Frame(in.readUnsignedByte(), in.readUnsignedByte(), in.readInt() & Integer.MAX_VALUE, in.readNBytes(length));
                frames.add(f);
                if (f.stream() == 1 && (f.flags() & 1) != 0) {
                    return frames;
                }
            }
        }
    }

    private static String data(List<Frame> frames) {
        StringBuilder sb = new StringBuilder();
        frames.stream().filter(f -> f.type() == 0 && f.stream() == 1).forEach(f -> sb.append(new String(f.payload(), StandardCharsets.UTF_8)));
        return sb.toString();
    }

    @Test
    void upgradedRequestIsServedAsStream1OverHttp2() throws Exception {
        StringBuilder head = new StringBuilder();
        List<Frame> frames = upgradeAndRead(upgradeRequest("GET", "/hello", ""), head);

        assertThat(head.toString()).startsWith("HTTP/1.1 101 Switching Protocols\r\n").contains("Upgrade: h2c\r\n");
        assertThat(frames.getFirst().type()).isEqualTo(4);
        assertThat(frames).anyMatch(f -> f.type() == 1 && f.stream() == 1);
        assertThat(data(frames)).isEqualTo("hello HTTP/2.0");
    }

    @Test
    void upgradedRequestKeepsItsBody() throws Exception {
        StringBuilder head = new StringBuilder();
        List<Frame> frames = upgradeAndRead(upgradeRequest("POST", "/echo", "ping"), head);

        assertThat(head.toString()).startsWith("HTTP/1.1 101 ");
        assertThat(data(frames)).isEqualTo("got ping over HTTP/2.0");
    }

    @Test
    void requestWithALargeBodyIsServedOverHttp11() throws Exception {
        String body = "x".repeat(20_000);
        StringBuilder head = new StringBuilder();
        upgradeAndRead(upgradeRequest("POST", "/echo", body), head);

        assertThat(head.toString()).startsWith("HTTP/1.1 200 ");
    }

    @Test
    void malformedSettingsAreIgnoredAndServedOverHttp11() throws Exception {
        StringBuilder head = new StringBuilder();
        upgradeAndRead(upgradeRequest("GET", "/hello", "").replace(SETTINGS, "!!"), head);

        assertThat(head.toString()).startsWith("HTTP/1.1 200 ");
    }

    @Test
    void http11OnlyListenerDoesNotUpgrade() throws Exception {
        try (Server h1 = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.http(0).withProtocols(Protocol.HTTP_1_1))
                .routes(r -> r.get("/hello", (req, res) -> res.send("hello " + req.protocol()))).build().start();
             Socket s = new Socket("127.0.0.1", h1.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(upgradeRequest("GET", "/hello", "").replace("Host: localhost", "Host: localhost\r\nConnection: close")
                    .replace("Connection: Upgrade, HTTP2-Settings", "Connection: close").getBytes(StandardCharsets.ISO_8859_1));

            assertThat(new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1))
                    .startsWith("HTTP/1.1 200 ").endsWith("hello HTTP/1.1");
        }
    }

    @Test
    void curlWithHttp2UpgradesCleartext() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is not installed");
        Process p = new ProcessBuilder("curl", "-s", "--http2", "-w", " %{http_version}", "-d", "abc",
                "http://127.0.0.1:" + server.port() + "/echo").redirectErrorStream(true).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();

        assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("got abc over HTTP/2.0 2");
    }
}
