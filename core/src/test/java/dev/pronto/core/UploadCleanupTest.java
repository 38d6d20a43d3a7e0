package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.Await;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Upload files of a body that never ends are deleted when the client goes or the server stops. */
class UploadCleanupTest {
    private final Path dir;
    private final Server server;
    private final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

    UploadCleanupTest() throws Exception {
        dir = Files.createTempDirectory("pronto-upload-cleanup");
        server = Server.builder()
                .config(c -> c.host("127.0.0.1").port(0).ioThreads(1).maxBodySize(64L * 1024 * 1024))
                .routes(r -> r.formLimits(FormLimits.builder().tempDir(dir).build())
                        .post("/upload", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart()
                                .thenApply(f -> f.files().size() + " files")))
                        .post("/hold", RouteOptions.blocking().streamingBody(), (req, res) -> {
                            FormData form = req.multipart().toCompletableFuture().get();
                            res.send(form.files().size() + " files");
                            release.await();
                        }))
                .build().start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        Files.deleteIfExists(dir);
    }

    @Test
    @SuppressWarnings("try") // the resource is the point: opened, then closed
    void theClientGoingAwayMidFileDeletesIt() throws Exception {
        try (Socket s = startUpload()) {
            assertThat(awaitFile()).isTrue();
        }

        assertThat(Multiparts.awaitEmpty(dir)).isZero();
    }

    @Test
    @SuppressWarnings("try") // the resource is the point: opened, then closed
    void theServerStoppingMidFileDeletesIt() throws Exception {
        try (Socket s = startUpload()) {
            assertThat(awaitFile()).isTrue();
            server.close();

            // the delete is queued behind the upload writer's pending writes, which may outlast close()
            assertThat(Multiparts.awaitEmpty(dir)).isZero();
        }
    }

    @Test
    void theServerStoppingUnderAHandlerStillRunningDeletesItsFiles() throws Exception {
        byte[] body = (Multiparts.file("f", "a.bin", "x".repeat(100_000)) + Multiparts.end())
                .getBytes(StandardCharsets.ISO_8859_1);
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write(("POST /hold HTTP/1.1\r\nHost: x\r\nContent-Type: " + Multiparts.TYPE
                    + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().write(body);
            byte[] head = new byte[12];
            assertThat(s.getInputStream().readNBytes(head, 0, 12)).isEqualTo(12);
            assertThat(new String(head, StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 200");

            server.stop(Duration.ofMillis(50));

            assertThat(Multiparts.count(dir)).isZero();
        } finally {
            release.countDown();
        }
    }

    /** Sends the head of a 32 MiB multipart body and its first 2 MiB, no more. */
    private Socket startUpload() throws Exception {
        Socket s = new Socket("127.0.0.1", server.port());
        OutputStream out = s.getOutputStream();
        out.write(("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: " + Multiparts.TYPE + "\r\nContent-Length: "
                + (32 * 1024 * 1024) + "\r\n\r\n" + "--" + Multiparts.BOUNDARY
                + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.bin\"\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(new byte[2 * 1024 * 1024]);
        out.flush();
        return s;
    }

    private boolean awaitFile() throws InterruptedException {
        return Await.within(Duration.ofSeconds(10), () -> Multiparts.count(dir) > 0);
    }
}
