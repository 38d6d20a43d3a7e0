package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BodyPartsTest {
    private final ChunkedDecoder chunked = new ChunkedDecoder(1024, 256);
    private final BodyParts parts = new BodyParts(chunked);
    private final ByteBuf in = Unpooled.buffer();

    @AfterEach
    void release() {
        in.release();
    }

    /** The next part as text (released), or null when none was cut off. */
    private String next(String raw, int expected) {
        in.writeCharSequence(raw, StandardCharsets.ISO_8859_1);
        assertThat(parts.next(in, ByteBufAllocator.DEFAULT)).isEqualTo(expected);
        ByteBuf part = parts.takePart();
        if (part == null) {
            return null;
        }
        try {
            return part.toString(StandardCharsets.ISO_8859_1);
        } finally {
            part.release();
        }
    }

    @Test
    void aContentLengthBodyIsCutAtItsLengthLeavingWhatFollows() {
        parts.start(false, 5);

        assertThat(next("abc", ChunkedDecoder.MORE)).isEqualTo("abc");
        assertThat(next("deGET", ChunkedDecoder.DONE)).isEqualTo("de");
        assertThat(in.toString(StandardCharsets.ISO_8859_1)).isEqualTo("GET");
    }

    @Test
    void nothingArrivedCutsNothing() {
        parts.start(false, 5);

        assertThat(next("", ChunkedDecoder.MORE)).isNull();
    }

    @Test
    void aChunkedBodyIsDecodedPartByPart() {
        parts.start(true, -1);

        assertThat(next("3\r\nabc\r\n", ChunkedDecoder.MORE)).isEqualTo("abc");
        assertThat(next("0\r\n\r\n", ChunkedDecoder.DONE)).isNull();
    }

    @Test
    void badChunkedFramingIsAnErrorWithNoPart() {
        parts.start(true, -1);

        assertThat(next("zz\r\n", ChunkedDecoder.ERROR)).isNull();
        assertThat(chunked.errorStatus()).isEqualTo(400);
    }
}
