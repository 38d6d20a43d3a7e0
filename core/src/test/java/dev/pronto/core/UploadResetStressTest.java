package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Uploads cut off at random points of their body, by a TCP reset or a FIN (and over HTTP/2 also by
 * RST_STREAM), over HTTP/1.1 and h2c, to an event-loop route, a blocking route that asks for the form from
 * its virtual thread and a blocking route that asks only after a while: once the last (complete) upload is
 * answered, every temporary file must be gone (each route and way of ending has its own directory, so a
 * failure names which leaked). The seed is in the failure message; {@code -Dpronto.seed=N} replays a run,
 * {@code -Dpronto.uploads=N} changes the count.
 *
 * <p>Issue #44 item 7. Two transport behaviours made files outlive their upload on io_uring (NIO and epoll
 * were clean): a connection closed by the reset whose channelInactive never came (the server now tears a
 * connection down on its close future), and a reset never reported at all (the channel stays open and
 * active with reading on). The server learns of the latter only from the body read timeout, which closes
 * the connection; it is 2 s here so the test ends in seconds.
 */
class UploadResetStressTest {
    private static final int UPLOADS = Integer.getInteger("pronto.uploads", 1000);
    private static final String[] ROUTES = {"/async", "/blocking", "/late"};
    private static final byte[] BODY = (Multiparts.field("t", "x") + Multiparts.file("a", "a.bin", "a".repeat(20_000))
            + Multiparts.file("b", "b.bin", "b".repeat(30_000)) + Multiparts.end()).getBytes(StandardCharsets.ISO_8859_1);

    private final Path dir;
    private final Server server;

    UploadResetStressTest() throws IOException {
        dir = Files.createTempDirectory("pronto-upload-reset");
        server = Server.builder()
                .config(c -> c.host("127.0.0.1").port(0).ioThreads(2).bodyReadTimeout(Duration.ofSeconds(2)))
                .routes(r -> {
                    for (String mode : new String[] {"r", "f"}) {
                        r.post("/async/" + mode, RouteOptions.streaming().forms(limits("async-" + mode)), Handler.async((req, res) -> req.multipart()
                                .thenApply(f -> f.files().size() + " files")));
                        r.post("/blocking/" + mode, RouteOptions.blocking().streamingBody().forms(limits("blocking-" + mode)), (req, res) ->
                                res.send(req.multipart().toCompletableFuture().get().files().size() + " files"));
                        r.post("/late/" + mode, RouteOptions.blocking().streamingBody().forms(limits("late-" + mode)), (req, res) -> {
                            Thread.yield();      // lets the body (or the reset) run ahead of the form
                            res.send(req.multipart().toCompletableFuture().get().files().size() + " files");
                        });
                    }
                })
                .build().start();
    }

    private FormLimits limits(String name) {
        try {
            return FormLimits.builder().tempDir(Files.createDirectories(dir.resolve(name))).fileThreshold(1024).build();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        try (var left = Files.walk(dir)) {
            left.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void noTemporaryFileOutlivesAResetOrAbandonedUpload() throws Exception {
        long seed = Long.getLong("pronto.seed", System.nanoTime());
        SplittableRandom random = new SplittableRandom(seed);
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < UPLOADS; i++) {
                SplittableRandom mine = random.split();
                runs.add(clients.submit(() -> {
                    try {
                        cut(mine);
                    } catch (IOException serverClosedFirst) {
                        // the server may answer (400, 413) and close before the client cuts: also an end
                    }
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        } finally {
            clients.shutdown();
        }
        assertThat(complete("/blocking/f")).as("the last answer").endsWith("2 files");

        long left = 0;
        StringBuilder sizes = new StringBuilder();
        try (var dirs = Files.list(dir)) {
            for (Path d : dirs.toList()) {
                long n = Multiparts.awaitEmpty(d);
                left += n;
                if (n > 0) {
                    sizes.append(d.getFileName()).append('=').append(n).append(' ');
                }
            }
        }
        assertThat(left).as("temporary files left, seed " + seed + ", per directory: " + sizes).isZero();
    }

    /** One upload cut at a random point of its body by a random means, on a random protocol and route. */
    private void cut(SplittableRandom random) throws Exception {
        int at = random.nextInt(BODY.length);
        boolean reset = random.nextBoolean();
        String route = ROUTES[random.nextInt(ROUTES.length)] + (reset ? "/r" : "/f");
        if (random.nextBoolean()) {
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                OutputStream out = s.getOutputStream();
                out.write(head(route).getBytes(StandardCharsets.ISO_8859_1));
                out.write(BODY, 0, at);
                out.flush();
                end(s, reset);
            }
        } else {
            try (RawH2 h2 = new RawH2(server.port())) {
                h2.hold();
                h2.frame(RawH2.HEADERS, RawH2.END_HEADERS, 1, h2.block(headers(route)));
                for (int from = 0; from < at; from += 16_000) {
                    h2.frame(RawH2.DATA, 0, 1, Arrays.copyOfRange(BODY, from, Math.min(at, from + 16_000)));
                }
                if (random.nextInt(3) == 0) {
                    h2.frame(RawH2.RST_STREAM, 0, 1, new byte[] {0, 0, 0, 8});
                }
                h2.send();
                end(h2.socket(), reset);
            }
        }
    }

    private static void end(Socket s, boolean reset) throws IOException {
        if (reset) {
            s.setSoLinger(true, 0);     // close() sends RST
        }
        s.close();
    }

    private static String head(String route) {
        return "POST " + route + " HTTP/1.1\r\nHost: x\r\nContent-Type: " + Multiparts.TYPE + "\r\nContent-Length: "
                + BODY.length + "\r\n\r\n";
    }

    private static Http2Headers headers(String route) {
        return RawH2.request("POST", route).add("content-type", Multiparts.TYPE).add("content-length", Integer.toString(BODY.length));
    }

    /** A whole upload over HTTP/1.1, answered. */
    private String complete(String route) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(head(route).replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(BODY);
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
