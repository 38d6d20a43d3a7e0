package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Routes;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Requests built to cost the server memory: claimed bodies that never come, chunked bodies cut
 * mid-line, header blocks at the documented limit. Reads come from an instrumented allocator, so
 * the tests see how much the connection's read buffer really holds.
 */
class HostileInputTest {
    private static final Consumer<Routes> ROUTES = r -> r
            .get("/ok", (req, res) -> res.send("ok"))
            .post("/length", (req, res) -> res.send(String.valueOf(req.body().readableBytes())));

    private final UnpooledByteBufAllocator reads = new UnpooledByteBufAllocator(false);
    private EmbeddedChannel ch = TestChannels.server(ROUTES);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    /** Writes {@code raw} as one read allocated from {@link #reads}. */
    private void write(String raw) {
        byte[] b = raw.getBytes(StandardCharsets.ISO_8859_1);
        ch.writeInbound(reads.heapBuffer(b.length).writeBytes(b));
    }

    private long heldByReads() {
        return reads.metric().usedHeapMemory();
    }

    @Test
    void declaredContentLengthIsNotReservedUpFront() {
        ch.finishAndReleaseAll();
        ch = TestChannels.server(c -> c.maxBodySize(64L << 20), ROUTES);

        write("POST /length HTTP/1.1\r\nHost: x\r\nContent-Length: " + (60 << 20) + "\r\n\r\n" + "a".repeat(100));

        assertThat(readAll(ch)).isEmpty();
        assertThat(heldByReads()).isLessThan(256 * 1024);
    }

    @Test
    void bodyArrivingInPiecesStillReachesTheHandlerWhole() {
        int length = 300 * 1024;
        write("POST /length HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\n\r\n");
        for (int sent = 0; sent < length; sent += 10_000) {
            write("b".repeat(Math.min(10_000, length - sent)));
        }

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\n" + length);
    }

    @Test
    void chunkedBodyCutMidLineDoesNotKeepItsConsumedReads() {
        String data = "d".repeat(1024);
        write("POST /length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4");
        long peak = 0;
        for (int i = 0; i < 256; i++) {
            write("00\r\n" + data + "\r\n4");
            peak = Math.max(peak, heldByReads());
        }
        write("00\r\n" + data + "\r\n0\r\n\r\n");

        assertThat(readAll(ch)).endsWith("\r\n\r\n" + 257 * 1024);
        assertThat(peak).isLessThan(32 * 1024);
    }

    @Test
    void headerFieldsOfExactlyMaxHeaderSizeAreAccepted() {
        String fields = "Host: x\r\nX-Pad: " + "p".repeat(16384 - 9 - 9) + "\r\n";

        assertThat(fields).hasSize(16384);
        assertThat(exchange(ch, "GET /ok HTTP/1.1\r\n" + fields + "\r\n")).startsWith("HTTP/1.1 200 OK\r\n");
    }

    @Test
    void headerFieldsOneByteOverMaxHeaderSizeAreTooLarge() {
        String fields = "Host: x\r\nX-Pad: " + "p".repeat(16384 - 9 - 9 + 1) + "\r\n";

        String out = exchange(ch, "GET /ok HTTP/1.1\r\n" + fields + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n").contains("Connection: close\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void singleHeaderOf17KilobytesIsTooLarge() {
        String out = exchange(ch, "GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(17_000) + "\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.1 431 ");
    }

    @Test
    void headersOf20KilobytesInTotalAreTooLarge() {
        String header = "X-Part: " + "a".repeat(4000) + "\r\n";

        String out = exchange(ch, "GET /ok HTTP/1.1\r\nHost: x\r\n" + header.repeat(5) + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 431 ");
    }

    @Test
    void longRequestLineDoesNotEatIntoTheHeaderBudget() {
        String line = "GET /ok?q=" + "a".repeat(8000) + " HTTP/1.1\r\n";
        String fields = "Host: x\r\nX-Pad: " + "p".repeat(16384 - 9 - 9) + "\r\n";

        assertThat(exchange(ch, line + fields + "\r\n")).startsWith("HTTP/1.1 200 OK\r\n");
    }

    @Test
    void chunkExtensionFloodIsTooLarge() {
        String chunk = "1;" + "e".repeat(1000) + "\r\nx\r\n";

        String out = exchange(ch, "POST /length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk.repeat(17));

        assertThat(out).startsWith("HTTP/1.1 431 ").endsWith("Chunk extensions and trailer fields exceed the limit of 16384 bytes (maxHeaderSize)");
        assertThat(ch.isOpen()).isFalse();
    }
}
