package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every carrier frames the whole response it is handed ({@code Carrier.respond}) and decides itself whether
 * the body goes on the wire: a HEAD or bodiless answer keeps its length and drops (releases, closes) the body.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class ResponseBodyCarriersTest {
    private static final Path FDS = Path.of("/proc/self/fd");
    private static final int LARGE = 5000;
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final Path file;
    private final TestClient client;

    ResponseBodyCarriersTest(TestClient.Protocol protocol) throws IOException {
        file = Files.createTempFile("response-body", ".bin");
        Files.write(file, new byte[1234]);
        client = TestCarriers.start(Server.builder().routes(r -> r
                .get("/file", (req, res) -> res.sendFile(file))
                .get("/text/{chars}", (req, res) -> res.send(text(Integer.parseInt(req.param("chars")))))
                .get("/large", (req, res) -> res.send(ByteBufAllocator.DEFAULT.buffer(LARGE).writeZero(LARGE)))
                .get("/no-content", (req, res) -> {
                    res.status(204);
                    res.send(ByteBufAllocator.DEFAULT.buffer(LARGE).writeZero(LARGE));
                })
                .get("/mutated", (req, res) -> {
                    res.async();
                    CountDownLatch changed = new CountDownLatch(1);
                    StringBuilder text = new StringBuilder("original");
                    pool.execute(() -> {
                        res.send(text);
                        text.setLength(0);
                        text.append("MUTATED!");
                        changed.countDown();
                    });
                    // holds the event loop: the response is framed there only after the text changed
                    await(changed);
                })), protocol);
    }

    @AfterEach
    void close() throws IOException {
        client.close();
        pool.shutdownNow();
        Files.deleteIfExists(file);
    }

    /** Empty, small, past HTTP/2's copy limit, near and past one frame, past the flow-control window. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1500, 5000, 8191, 20000, 70000})
    void aTextOfAnySizeArrivesWholeWithItsUtf8Length(int chars) {
        String text = text(chars);

        TestResponse r = client.get("/text/" + chars);

        assertThat(r.text()).isEqualTo(text);
        assertThat(r.header("Content-Length"))
                .isEqualTo(Integer.toString(text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
    }

    /** {@code chars} characters, every other one two bytes long in UTF-8. */
    private static String text(int chars) {
        StringBuilder b = new StringBuilder(chars);
        for (int i = 0; i < chars; i++) {
            b.append(i % 2 == 0 ? (char) ('a' + i % 26) : '\u00e9');
        }
        return b.toString();
    }

    @Test
    void aTextSentFromAnotherThreadIsCopiedBeforeTheHandlerChangesIt() {
        assertThat(client.get("/mutated").text()).isEqualTo("original");
    }

    @Test
    void headOfALargeBufferAnswersItsLengthWithoutTheBody() {
        TestResponse r = client.request("HEAD", "/large", Map.of(), null);

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(LARGE));
        assertThat(r.body()).isEmpty();
    }

    @Test
    void aBodilessStatusDropsTheBodyItWasGiven() {
        TestResponse r = client.get("/no-content");

        assertThat(r.status()).isEqualTo(204);
        assertThat(r.header("Content-Length")).isNull();
        assertThat(r.body()).isEmpty();
    }

    @Test
    void headOfAFileAnswersItsLengthAndClosesTheFile() {
        Assumptions.assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
        client.request("HEAD", "/file", Map.of(), null);
        long before = openFiles();

        TestResponse r = null;
        for (int i = 0; i < 20; i++) {
            r = client.request("HEAD", "/file", Map.of(), null);
        }

        assertThat(r.header("Content-Length")).isEqualTo("1234");
        assertThat(r.body()).isEmpty();
        // closed before the answer was written: checked at once, before a cleaner could close a leaked one
        assertThat(openFiles()).as("open file descriptors").isLessThan(before + 20);
    }

    private static long openFiles() {
        try (Stream<Path> fds = Files.list(FDS)) {
            return fds.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
