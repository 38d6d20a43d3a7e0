package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.core.testing.TestClient;
import dev.pronto.testsupport.Await;
import dev.pronto.wire.Transports;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every file opened to send a body is closed: after completion, after a failed send, after a client
 * abort. Failed sends are checked at once: waiting would let the GC's cleaner close a leaked file.
 */
class FileHandlesTest {
    private static final Path FDS = Path.of("/proc/self/fd");
    private static final long BIG = 256L * 1024 * 1024;
    @TempDir
    Path dir;
    private Path big;

    @BeforeAll
    static void linuxOnly() {
        Assumptions.assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
    }

    @BeforeEach
    void setUp() throws IOException {
        big = dir.resolve("big.bin");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(BIG);
        }
        Files.writeString(dir.resolve("small.txt"), "small");
    }

    private Server start(Transport transport) {
        Assumptions.assumeTrue(WireSettings.transport(Transports.resolve(WireSettings.transport(transport))) == transport, transport + " does not load here");
        return Server.builder()
                .config(c -> c.host("127.0.0.1").port(0).ioThreads(1).transport(transport))
                .routes(r -> r.get("/big", (req, res) -> res.sendFile(big))
                        .get("/static/{*path}", StaticFiles.of(dir)))
                .build().start();
    }

    private static long openFiles() {
        try (Stream<Path> fds = Files.list(FDS)) {
            return fds.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits (at most 10 s) until the process has no more open descriptors than {@code baseline}. */
    private static void awaitOpenFilesAtMost(long baseline) {
        Await.within(Duration.ofSeconds(10), () -> openFiles() <= baseline);
        assertThat(openFiles()).as("open file descriptors").isLessThanOrEqualTo(baseline);
    }

    /** Sends {@code path} with Connection: close and reads the answer to its end. */
    private static String fetch(int port, String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"IO_URING", "EPOLL", "NIO"})
    void clientAbortMidTransferClosesTheFile(Transport transport) throws Exception {
        try (Server server = start(transport)) {
            fetch(server.port(), "/static/small.txt");
            long baseline = openFiles();
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write("GET /big HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                InputStream in = s.getInputStream();
                assertThat(new String(in.readNBytes(12), StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 200");
                in.readNBytes(64 * 1024);
                s.setSoLinger(true, 0);
            }

            awaitOpenFilesAtMost(baseline);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "NIO"})
    void completedTransfersCloseTheirFiles(Transport transport) throws Exception {
        try (Server server = start(transport)) {
            fetch(server.port(), "/static/small.txt");
            long baseline = openFiles();

            for (int i = 0; i < 20; i++) {
                assertThat(fetch(server.port(), "/static/small.txt")).endsWith("\r\n\r\nsmall");
            }

            awaitOpenFilesAtMost(baseline);
        }
    }

    @Test
    void aSendThatFailsAfterOpeningTheFileClosesIt() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.get("/twice", (req, res) -> {
            res.send("first");
            res.sendFile(big);
        })))) {
            c.get("/twice");
            long baseline = openFiles();

            for (int i = 0; i < 20; i++) {
                assertThat(c.get("/twice").text()).isEqualTo("first");
            }

            assertThat(openFiles()).isLessThanOrEqualTo(baseline);
        }
    }

    @Test
    void aFailingSendHookClosesTheFile() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r
                .onSend((req, res) -> {
                    if (res.status() == 200) {
                        throw new IllegalStateException("hook failed");
                    }
                })
                .get("/file", (req, res) -> res.sendFile(big))))) {
            c.get("/file");
            long baseline = openFiles();

            for (int i = 0; i < 20; i++) {
                assertThat(c.get("/file").status()).isEqualTo(500);
            }

            assertThat(openFiles()).isLessThanOrEqualTo(baseline);
        }
    }
}
