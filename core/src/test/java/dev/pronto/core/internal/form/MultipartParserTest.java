package dev.pronto.core.internal.form;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BadRequestException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streamed multipart parser gives the same parts however the body is cut into chunks. */
class MultipartParserTest {
    private static final String BOUNDARY = "----b0undary";
    private static final String BODY = "preamble, ignored\r\n"
            + "------b0undary\r\n"
            + "Content-Disposition: form-data; name=\"title\"\r\n\r\n"
            + "hello\r\nworld\r\n"
            + "------b0undary  \r\n"
            + "Content-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\n"
            + "line\r\n----b0undar not yet\r\n-\r\n--\r\n"
            + "------b0undary\r\n"
            + "Content-Disposition: form-data; name=\"empty\"\r\n\r\n"
            + "\r\n"
            + "------b0undary--\r\nepilogue, ignored";
    private static final List<String> PARTS = List.of(
            "Content-Disposition: form-data; name=\"title\"|hello\r\nworld",
            "Content-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain"
                    + "|line\r\n----b0undar not yet\r\n-\r\n--",
            "Content-Disposition: form-data; name=\"empty\"|");

    @Test
    void everyChunkSizeGivesTheSameParts() throws Exception {
        for (int size = 1; size <= BODY.length(); size++) {
            assertThat(parse(BODY, BOUNDARY, size)).as("chunks of %d bytes", size).isEqualTo(PARTS);
        }
    }

    @Test
    void aBodyStartingWithItsBoundaryHasNoPreamble() throws Exception {
        String body = BODY.substring(BODY.indexOf("------b0undary"));

        assertThat(parse(body, BOUNDARY, 3)).isEqualTo(PARTS);
    }

    @Test
    void aBoundaryNotAtALineStartIsData() throws Exception {
        String body = "--xy\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv--xy\r\n--xy--";

        assertThat(parse(body, "xy", 1)).containsExactly("Content-Disposition: form-data; name=\"a\"|v--xy");
    }

    @Test
    void aMissingFinalBoundaryIsA400() {
        String truncated = BODY.substring(0, BODY.indexOf("------b0undary--"));

        assertThatThrownBy(() -> parse(truncated, BOUNDARY, 7)).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("ended before its final boundary");
    }

    @Test
    void aBodyWithoutItsBoundaryIsA400() {
        assertThatThrownBy(() -> parse("just text", BOUNDARY, 4)).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("no boundary line");
    }

    @Test
    void partHeadersPastTheLimitAreA400BeforeTheirEnd() {
        String bomb = "--xy\r\n" + "X-Pad: aaaaaaaa\r\n".repeat(10_000);

        assertThatThrownBy(() -> parse(bomb, "xy", 1000)).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("maxPartHeaderSize");
    }

    @Test
    void aBoundaryLineWithoutCrlfIsA400() {
        assertThatThrownBy(() -> parse("--xyZ\r\n", "xy", 100)).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("not followed by CRLF");
    }

    @Test
    void bytesHeldPastLaterChunksStayIntact() throws Exception {
        // as the upload writer does: data slices kept until the disk takes them, while pooled chunks keep coming
        for (int size : new int[] {5, 16, 64, 333}) {
            Holder sink = new Holder();
            MultipartParser parser = new MultipartParser(PooledByteBufAllocator.DEFAULT, BOUNDARY, 1024, sink);
            byte[] bytes = BODY.getBytes(StandardCharsets.ISO_8859_1);
            try {
                for (int i = 0; i < bytes.length; i += size) {
                    ByteBuf chunk = PooledByteBufAllocator.DEFAULT.directBuffer(size).writeBytes(bytes, i,
                            Math.min(size, bytes.length - i));
                    try {
                        parser.feed(chunk);
                    } finally {
                        chunk.release();
                    }
                }
                parser.end();
            } finally {
                parser.release();
            }
            assertThat(sink.parts()).as("chunks of %d bytes", size).isEqualTo(PARTS);
        }
    }

    @Test
    void chunksSlicedOutOfFramesLeaveTheFramesAlone() throws Exception {
        // HTTP/2 DATA payloads are slices of one read buffer, 9 bytes of frame header apart
        byte[] bytes = BODY.getBytes(StandardCharsets.ISO_8859_1);
        int size = 40;
        ByteBuf frames = PooledByteBufAllocator.DEFAULT.heapBuffer();
        for (int i = 0; i < bytes.length; i += size) {
            frames.writeBytes("#########".getBytes(StandardCharsets.ISO_8859_1));
            frames.writeBytes(bytes, i, Math.min(size, bytes.length - i));
        }
        Holder sink = new Holder();
        MultipartParser parser = new MultipartParser(PooledByteBufAllocator.DEFAULT, BOUNDARY, 1024, sink);
        try {
            while (frames.isReadable()) {
                frames.skipBytes(9);
                ByteBuf chunk = frames.readRetainedSlice(Math.min(size, frames.readableBytes()));
                try {
                    parser.feed(chunk);
                } finally {
                    chunk.release();
                }
            }
            parser.end();
        } finally {
            parser.release();
            frames.release();
        }
        assertThat(sink.parts()).isEqualTo(PARTS);
    }

    @Test
    void bytesTheDecoderAppendsAfterAChunkNeverReachTheParser() throws Exception {
        // as HTTP/2 DATA arrives: a plain slice of the decoder's buffer (Netty's frame reader readSlice()s it), which
        // keeps filling after the chunk; the parser's bytes must not live there
        byte[] bytes = BODY.getBytes(StandardCharsets.ISO_8859_1);
        int first = 100;
        int second = 150;
        ByteBuf read = PooledByteBufAllocator.DEFAULT.heapBuffer(4096).writeBytes(bytes, 0, first);
        Holder sink = new Holder();
        MultipartParser parser = new MultipartParser(PooledByteBufAllocator.DEFAULT, BOUNDARY, 1024, sink);
        try {
            feed(parser, read.readSlice(first).retain());
            feed(parser, Unpooled.copiedBuffer(bytes, first, second));
            read.writeBytes("X".repeat(400).getBytes(StandardCharsets.ISO_8859_1));
            feed(parser, Unpooled.copiedBuffer(bytes, first + second, bytes.length - first - second));
            parser.end();
        } finally {
            parser.release();
            read.release();
        }
        assertThat(sink.parts()).isEqualTo(PARTS);
    }

    private static void feed(MultipartParser parser, ByteBuf chunk) throws Exception {
        try {
            parser.feed(chunk);
        } finally {
            chunk.release();
        }
    }

    /** Feeds {@code body} in chunks of {@code size}; each part as {@code headers|data}. */
    private static List<String> parse(String body, String boundary, int size) throws Exception {
        Recorder sink = new Recorder();
        MultipartParser parser = new MultipartParser(PooledByteBufAllocator.DEFAULT, boundary, 1024, sink);
        byte[] bytes = body.getBytes(StandardCharsets.ISO_8859_1);
        try {
            for (int i = 0; i < bytes.length; i += size) {
                ByteBuf chunk = Unpooled.copiedBuffer(bytes, i, Math.min(size, bytes.length - i));
                try {
                    parser.feed(chunk);
                } finally {
                    chunk.release();
                }
            }
            parser.end();
        } finally {
            parser.release();
        }
        return sink.parts;
    }

    private static final class Recorder implements PartSink {
        final List<String> parts = new ArrayList<>();
        private final StringBuilder current = new StringBuilder();

        @Override
        public void partStart(ByteBuf headers, int from, int to) {
            current.setLength(0);
            current.append(headers.toString(from, to - from, StandardCharsets.ISO_8859_1)).append('|');
        }

        @Override
        public void partData(ByteBuf data) {
            current.append(data.toString(StandardCharsets.ISO_8859_1));
        }

        @Override
        public void partEnd() {
            parts.add(current.toString());
        }
    }

    /** Keeps every data slice until the end, then reads them. */
    private static final class Holder implements PartSink {
        private final List<Object> events = new ArrayList<>();

        @Override
        public void partStart(ByteBuf headers, int from, int to) {
            events.add(headers.toString(from, to - from, StandardCharsets.ISO_8859_1) + "|");
        }

        @Override
        public void partData(ByteBuf data) {
            events.add(data.retain());
        }

        @Override
        public void partEnd() {
            events.add(Boolean.TRUE);
        }

        List<String> parts() {
            List<String> parts = new ArrayList<>();
            StringBuilder current = new StringBuilder();
            for (Object e : events) {
                if (e instanceof ByteBuf b) {
                    current.append(b.toString(StandardCharsets.ISO_8859_1));
                    b.release();
                } else if (e instanceof String head) {
                    current.setLength(0);
                    current.append(head);
                } else {
                    parts.add(current.toString());
                }
            }
            return parts;
        }
    }
}
