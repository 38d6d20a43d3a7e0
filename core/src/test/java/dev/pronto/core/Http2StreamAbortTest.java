package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.Await;
import dev.pronto.testsupport.RawH2;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A streamed HTTP/2 body whose client keeps its window shut: the connection counts what waits for
 * it ({@link BodyWriter#connectionBacklog()}), and {@link BodyWriter#abort()} resets the stream
 * with ENHANCE_YOUR_CALM and frees what was queued.
 */
class Http2StreamAbortTest {
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    private static final long ENHANCE_YOUR_CALM = 0xb;
    private static final int CHUNKS = 20;
    private static final int CHUNK = 1000;
    private final CompletableFuture<BodyWriter> writer = new CompletableFuture<>();
    private final CompletableFuture<Throwable> bodyFailed = new CompletableFuture<>();
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).idleTimeout(Duration.ofSeconds(30)))
            .routes(r -> r.get("/s", (req, res) -> {
                BodyWriter w = res.stream();
                for (int i = 0; i < CHUNKS; i++) {
                    w.write(new byte[CHUNK]);
                }
                writer.complete(w);
            }).post("/upload", RouteOptions.streaming(), (req, res) -> {
                req.onBody(new BodyListener() {
                    @Override
                    public void onChunk(io.netty.buffer.ByteBuf chunk) {
                        // not kept
                    }

                    @Override
                    public void onEnd() {
                        // the test never ends the body
                    }

                    @Override
                    public void onError(Throwable cause) {
                        bodyFailed.complete(cause);
                    }
                });
                res.async();
                writer.complete(res.stream());
            }))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private static void await(LongSupplier value, java.util.function.LongPredicate condition) throws InterruptedException {
        if (!Await.within(Await.DEFAULT, () -> condition.test(value.getAsLong()))) {
            throw new AssertionError("condition not met in " + Await.DEFAULT + ", last value " + value.getAsLong());
        }
    }

    @Test
    void chunksHeldForAShutWindowCountInTheConnectionBacklog() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_INITIAL_WINDOW_SIZE, 0)) {
            h2.request(1, "GET", "/s", RawH2.END_STREAM);
            BodyWriter w = writer.get(10, TimeUnit.SECONDS);

            await(w::connectionBacklog, n -> n >= (long) CHUNKS * CHUNK);
        }
    }

    @Test
    void abortResetsTheStreamWithEnhanceYourCalmAndFreesTheBacklog() throws Exception {
        try (RawH2 h2 = new RawH2(server.port(), SETTINGS_INITIAL_WINDOW_SIZE, 0)) {
            h2.request(1, "GET", "/s", RawH2.END_STREAM);
            BodyWriter w = writer.get(10, TimeUnit.SECONDS);
            await(w::connectionBacklog, n -> n > 0);

            w.abort();

            RawH2.Frame reset = h2.awaitFrame(RawH2.RST_STREAM);
            assertThat(reset.stream()).isEqualTo(1);
            assertThat(reset.errorCode()).isEqualTo(ENHANCE_YOUR_CALM);
            await(w::connectionBacklog, n -> n == 0);
        }
    }

    @Test
    void abortFailsTheRequestBodyStillArriving() throws Exception {
        try (RawH2 h2 = new RawH2(server.port())) {
            h2.request(1, "POST", "/upload", 0);
            writer.get(10, TimeUnit.SECONDS).abort();

            // its listener frees what it holds: the stream's close no longer reports an aborted exchange
            assertThat(bodyFailed.get(10, TimeUnit.SECONDS)).isNotNull();
        }
    }
}
