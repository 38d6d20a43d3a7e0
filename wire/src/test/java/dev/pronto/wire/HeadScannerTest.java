package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Line endings and head limits, as both the server and the client scan heads. */
class HeadScannerTest {
    private final HeadScanner scanner = new HeadScanner(32, 64);

    /** Scans all of {@code raw}; returns the result. */
    private int scan(String raw) {
        ByteBuf in = Unpooled.copiedBuffer(raw, StandardCharsets.ISO_8859_1);
        try {
            scanner.reset();
            in.forEachByte(scanner);
            return scanner.result();
        } finally {
            in.release();
        }
    }

    @Test
    void headEndsAtTheEmptyLine() {
        assertThat(scan("GET / HTTP/1.1\r\nHost: x\r\n\r\nrest")).isEqualTo(HeadScanner.FOUND);
    }

    @Test
    void incompleteHeadNeedsMore() {
        assertThat(scan("GET / HTTP/1.1\r\nHost: x\r\n")).isEqualTo(HeadScanner.MORE);
    }

    @Test
    void leadingEmptyLinesAreSkippedAndCounted() {
        assertThat(scan("\r\n\r\nHTTP/1.1 200 OK\r\n\r\n")).isEqualTo(HeadScanner.FOUND);
        assertThat(scanner.leading()).isEqualTo(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET / HTTP/1.1\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\n\r\n", "GET / HTTP/1.1\r\n\n"})
    void bareLfIsRejected(String raw) {
        assertThat(scan(raw)).isEqualTo(HeadScanner.BARE_LF);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /\r HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", "GET / HTTP/1.1\r\r\n"})
    void bareCrIsRejected(String raw) {
        assertThat(scan(raw)).isEqualTo(HeadScanner.BARE_CR);
    }

    @ParameterizedTest
    @ValueSource(ints = {0x00, 0x01, 0x16, 0x1F, 0x7F})
    void controlByteInTheStartLineStopsAtOnce(int c) {
        assertThat(scan("GET /" + (char) c)).isEqualTo(HeadScanner.BAD_START_LINE);
    }

    @Test
    void tabAndObsTextInTheStartLineAreLeftToTheParser() {
        assertThat(scan("HTTP/1.1 200 \u00c9t\u00e9\tOK\r\n\r\n")).isEqualTo(HeadScanner.FOUND);
    }

    @Test
    void startLineOfExactlyTheLimitIsAccepted() {
        assertThat(scan("x".repeat(32) + "\r\n\r\n")).isEqualTo(HeadScanner.FOUND);
    }

    @Test
    void startLineOverTheLimitIsTooLong() {
        assertThat(scan("x".repeat(33))).isEqualTo(HeadScanner.LINE_TOO_LONG);
    }

    @Test
    void fieldLinesOfExactlyTheLimitWithTheirCrlfsAreAccepted() {
        String fields = "A: " + "a".repeat(27) + "\r\n" + "B: " + "b".repeat(27) + "\r\n";

        assertThat(fields).hasSize(64);
        assertThat(scan("GET / HTTP/1.1\r\n" + fields + "\r\n")).isEqualTo(HeadScanner.FOUND);
    }

    @Test
    void fieldLinesOneByteOverTheLimitAreTooLarge() {
        String fields = "A: " + "a".repeat(27) + "\r\n" + "B: " + "b".repeat(28) + "\r\n";

        assertThat(scan("GET / HTTP/1.1\r\n" + fields + "\r\n")).isEqualTo(HeadScanner.FIELDS_TOO_LARGE);
    }

    @Test
    void oneFieldLineOverTheLimitIsTooLargeBeforeItEnds() {
        assertThat(scan("GET / HTTP/1.1\r\nX: " + "a".repeat(100))).isEqualTo(HeadScanner.FIELDS_TOO_LARGE);
    }

    @Test
    void fieldLimitDoesNotCountTheStartLine() {
        assertThat(scan("x".repeat(32) + "\r\nA: " + "a".repeat(59) + "\r\n\r\n")).isEqualTo(HeadScanner.FOUND);
    }
}
