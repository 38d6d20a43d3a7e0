package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkedDecoderTest {
    private final ChunkedDecoder decoder = new ChunkedDecoder(64, 256);
    private final ByteBuf body = Unpooled.buffer();
    private final ByteBuf in = Unpooled.buffer();

    ChunkedDecoderTest() {
        decoder.reset();
    }

    @AfterEach
    void release() {
        body.release();
        in.release();
    }

    /** Feeds all of {@code raw} at once. */
    private int decode(String raw) {
        in.writeCharSequence(raw, StandardCharsets.ISO_8859_1);
        return decoder.decode(in, body);
    }

    /** Feeds {@code raw} one byte at a time; returns the result after the last byte. */
    private int decodeByteByByte(String raw) {
        int r = ChunkedDecoder.MORE;
        for (int i = 0; i < raw.length(); i++) {
            assertThat(r).as("result before byte %d", i).isEqualTo(ChunkedDecoder.MORE);
            in.writeByte(raw.charAt(i));
            r = decoder.decode(in, body);
        }
        return r;
    }

    private String body() {
        return body.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void singleChunkIsDecoded() {
        assertThat(decode("5\r\nhello\r\n0\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEqualTo("hello");
    }

    @Test
    void severalChunksAreConcatenated() {
        assertThat(decode("3\r\nabc\r\nA\r\n0123456789\r\n1\r\nz\r\n0\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEqualTo("abc0123456789z");
    }

    @Test
    void emptyBodyIsJustTheLastChunk() {
        assertThat(decode("0\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEmpty();
    }

    @Test
    void everyByteBoundaryResumes() {
        int r = decodeByteByByte("4;ext=1\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-T: 1\r\n\r\n");

        assertThat(r).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEqualTo("Wikipedia in\r\n\r\nchunks.");
    }

    @Test
    void bytesAfterTheLastChunkAreLeftUnread() {
        decode("1\r\na\r\n0\r\n\r\nGET / HTTP/1.1\r\n");

        assertThat(in.toString(StandardCharsets.ISO_8859_1)).isEqualTo("GET / HTTP/1.1\r\n");
    }

    @Test
    void incompleteInputAsksForMore() {
        assertThat(decode("5\r\nhel")).isEqualTo(ChunkedDecoder.MORE);
        assertThat(decode("lo\r\n0\r\n")).isEqualTo(ChunkedDecoder.MORE);
        assertThat(decode("\r\n")).isEqualTo(ChunkedDecoder.DONE);
    }

    @Test
    void hexSizesAreCaseInsensitiveWithLeadingZeros() {
        assertThat(decode("0000a\r\n0123456789\r\nA\r\n0123456789\r\n0\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).hasSize(20);
    }

    @ParameterizedTest
    @ValueSource(strings = {";name", ";name=value", "; a=1;b=\"q s\"", " ;x", "\t;x"})
    void chunkExtensionsAreIgnored(String ext) {
        assertThat(decode("2" + ext + "\r\nok\r\n0" + ext + "\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEqualTo("ok");
    }

    @Test
    void trailerFieldsAreValidatedAndDropped() {
        assertThat(decode("2\r\nok\r\n0\r\nX-Checksum: abc\r\nX-Other:\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEqualTo("ok");
    }

    @ParameterizedTest
    @ValueSource(strings = {"zz", "", "-1", "x5", ";ext", "5 5", "0x5", "2zz", "0x10", " 5", "5 ", "5\t", "+5", "\u0665",
        "5;", "5; ", "5;a=", "5;a b", "5;a=\"x", "5;=1", "5;a;", "5;a=1 ", "5 ;a=\"\u0001\""})
    void badChunkSizeLineIsRejected(String size) {
        assertThat(decode(size + "\r\nhello\r\n0\r\n\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(400);
    }

    @Test
    void nonHexSizeHasAMessageThatSaysSo() {
        decode("zz\r\n");

        assertThat(decoder.errorMessage)
                .isEqualTo("Malformed chunk size line \"zz\": expected hexadecimal digits, then optional ;extensions");
    }

    @Test
    void chunkSizeOverflowingALongIsRejected() {
        assertThat(decode("1" + "0".repeat(16) + "\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(400);
        assertThat(decoder.errorMessage).isEqualTo("Chunk size too large");
    }

    @Test
    void largestChunkSizeFitsAnUnlimitedDecoder() {
        ChunkedDecoder unlimited = new ChunkedDecoder(Long.MAX_VALUE, 256);
        unlimited.reset();
        in.writeCharSequence("7fffffffffffffff\r\n", StandardCharsets.ISO_8859_1);

        assertThat(unlimited.next(in)).isEqualTo(ChunkedDecoder.MORE);
        assertThat(unlimited.total()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void chunkExtensionsCountTowardTheMetadataLimit() {
        String chunk = "1;" + "e".repeat(98) + "\r\nx\r\n";

        assertThat(decode(chunk + chunk + chunk)).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(431);
        assertThat(decoder.errorMessage)
                .isEqualTo("Chunk extensions and trailer fields exceed the limit of 256 bytes (maxHeaderSize)");
    }

    @Test
    void extensionsAndTrailersShareTheMetadataLimit() {
        String trailer = "X-A: " + "a".repeat(100) + "\r\n";

        assertThat(decode("1;" + "e".repeat(98) + "\r\nx\r\n0\r\n" + trailer + trailer + "\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(431);
    }

    @Test
    void nextStopsAtDataAndLeavesItInTheInput() {
        in.writeCharSequence("5\r\nhello\r\n0\r\n\r\n", StandardCharsets.ISO_8859_1);

        assertThat(decoder.next(in)).isEqualTo(ChunkedDecoder.DATA);
        assertThat(decoder.available(in)).isEqualTo(5);
        assertThat(in.toString(StandardCharsets.ISO_8859_1)).startsWith("hello");
        in.skipBytes(5);
        decoder.consumed(5);
        assertThat(decoder.next(in)).isEqualTo(ChunkedDecoder.DONE);
    }

    @Test
    void availableIsCappedAtTheEndOfTheChunk() {
        in.writeCharSequence("2\r\nabcdef", StandardCharsets.ISO_8859_1);
        decoder.next(in);

        assertThat(decoder.available(in)).isEqualTo(2);
    }

    @Test
    void consumedPrefixOfAnExclusiveInputIsDiscarded() {
        ByteBuf exclusive = Unpooled.buffer(12).writeBytes("5\r\nhello\r\n3".getBytes(StandardCharsets.ISO_8859_1));
        try {
            assertThat(decoder.decode(exclusive, body)).isEqualTo(ChunkedDecoder.MORE);

            assertThat(exclusive.readerIndex()).isZero();
            assertThat(exclusive.toString(StandardCharsets.ISO_8859_1)).isEqualTo("3");
        } finally {
            exclusive.release();
        }
    }

    @Test
    void sharedInputIsNotCompacted() {
        ByteBuf shared = Unpooled.buffer(12).writeBytes("5\r\nhello\r\n3".getBytes(StandardCharsets.ISO_8859_1));
        shared.retain();
        try {
            decoder.decode(shared, body);

            assertThat(shared.readerIndex()).isEqualTo(10);
        } finally {
            shared.release(2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"5\nhello\r\n", "5\r\rhello\r\n", "5\r\nhelloXX", "5\r\nhello\n0\r\n\r\n", "5\r\nhello0\r\n\r\n"})
    void missingCrlfIsRejected(String raw) {
        assertThat(decode(raw)).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(400);
    }

    @Test
    void dataNotFollowedByCrlfHasAMessageThatSaysSo() {
        decode("5\r\nhelloXX");

        assertThat(decoder.errorMessage).isEqualTo("Malformed chunk: data must be followed by CRLF");
    }

    @Test
    void controlCharacterInExtensionIsRejected() {
        assertThat(decode("1;a\u0001\r\nx\r\n")).isEqualTo(ChunkedDecoder.ERROR);
    }

    @ParameterizedTest
    @ValueSource(strings = {"NoColon\r\n", ": empty-name\r\n", "X-A : 1\r\n", "X-A: a\u0000\r\n", " folded\r\n"})
    void malformedTrailerIsRejectedWithTheFieldGrammar(String trailer) {
        assertThat(decode("0\r\n" + trailer + "\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(400);
        assertThat(decoder.errorMessage).startsWith("Malformed trailer field \"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-A\n", "X-A: 1\rx\r\n"})
    void trailerLineNotEndedByCrlfIsRejected(String trailer) {
        assertThat(decode("0\r\n" + trailer + "\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorMessage).isEqualTo("Malformed chunked body: trailer field line not ended by CRLF");
    }

    @Test
    void trailerOverTheLimitIsTooLarge() {
        assertThat(decode("0\r\n" + ("X-A: " + "a".repeat(60) + "\r\n").repeat(5) + "\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(431);
    }

    @Test
    void sizeLineWithoutEndIsRejectedOnceOverTheLineLimit() {
        assertThat(decode("1;" + "a".repeat(5000))).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(400);
    }

    @Test
    void bodyOverTheLimitIsTooLargeBeforeItsDataArrives() {
        assertThat(decode("41\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(413);
        assertThat(decoder.errorMessage).isEqualTo("Request body exceeds the limit of 64 bytes (maxBodySize)");
    }

    @Test
    void sumOfChunksOverTheLimitIsTooLarge() {
        String chunk = "20\r\n" + "a".repeat(32) + "\r\n";

        assertThat(decode(chunk + chunk + "1\r\n")).isEqualTo(ChunkedDecoder.ERROR);
        assertThat(decoder.errorStatus).isEqualTo(413);
    }

    @Test
    void bodyOfExactlyTheLimitIsAccepted() {
        String chunk = "20\r\n" + "a".repeat(32) + "\r\n";

        assertThat(decode(chunk + chunk + "0\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body.readableBytes()).isEqualTo(64);
    }

    @Test
    void resetAllowsTheNextBody() {
        decode("2\r\nab\r\n0\r\n\r\n");
        decoder.reset();

        assertThat(decode("1\r\nc\r\n0\r\n\r\n")).isEqualTo(ChunkedDecoder.DONE);
        assertThat(body()).isEqualTo("abc");
    }
}
