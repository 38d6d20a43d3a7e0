package dev.pronto.json;

import static dev.pronto.json.Bodies.read;
import static dev.pronto.json.Bodies.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.json.Shapes.Item;
import dev.pronto.json.Shapes.Rating;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ProntoJsonBuffersTest {
    private final ProntoJson codec = ProntoJson.create(new TestJsonConfiguration());

    @Test
    void writeAppendsAfterBytesAlreadyInTheBuffer() {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer();
        out.writeCharSequence("data: ", StandardCharsets.US_ASCII);
        try {
            codec.write(new Rating(1, 2), out);
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("data: {\"score\":1,\"count\":2}");
        } finally {
            out.release();
        }
    }

    @Test
    void readLeavesADirectBodyUnreleasedAndUnread() {
        ByteBuf body = Bodies.direct("{\"score\":1,\"count\":2}");
        try {
            assertThat(codec.read(body, Rating.class)).isEqualTo(new Rating(1, 2));
            assertThat(body.readerIndex()).isZero();
            assertThat(body.refCnt()).isEqualTo(1);
        } finally {
            body.release();
        }
    }

    @Test
    void heapBodyReadInPlaceStopsAtTheWriterIndex() {
        ByteBuf body = Unpooled.buffer(64).writeBytes("{\"id\":12}999".getBytes(StandardCharsets.US_ASCII));
        body.writerIndex(body.writerIndex() - 3);
        try {
            assertThat(codec.read(body, Item.class).id()).isEqualTo(12);
        } finally {
            body.release();
        }
    }

    @Test
    void heapBodyWithAdvancedReaderIndexIsRead() {
        ByteBuf body = Unpooled.copiedBuffer("xx{\"id\":3}", StandardCharsets.US_ASCII).skipBytes(2);
        try {
            assertThat(codec.read(body, Item.class).id()).isEqualTo(3);
            assertThat(body.readerIndex()).isEqualTo(2);
        } finally {
            body.release();
        }
    }

    @Test
    void sliceOfAPooledHeapBufferIsRead() {
        ByteBuf whole = PooledByteBufAllocator.DEFAULT.heapBuffer();
        whole.writeCharSequence("[1]{\"id\":4}", StandardCharsets.US_ASCII);
        try {
            assertThat(codec.read(whole.slice(3, 8), Item.class).id()).isEqualTo(4);
        } finally {
            whole.release();
        }
    }

    @Test
    void compositeBodyIsRead() {
        CompositeByteBuf body = Unpooled.compositeBuffer()
                .addComponent(true, Unpooled.copiedBuffer("{\"id\":", StandardCharsets.US_ASCII))
                .addComponent(true, Bodies.direct("56}"));
        try {
            assertThat(codec.read(body, Item.class).id()).isEqualTo(56);
        } finally {
            body.release();
        }
    }

    @Test
    void shortBodyAfterALongerOneIgnoresTheLongerOnesBytes() {
        assertThat(read(codec, "123456789", Long.class)).isEqualTo(123456789L);

        assertThat(read(codec, "7", Long.class)).isEqualTo(7L);
    }

    @Test
    void documentLargerThanTheRetainedScratchIsReadAndThenSmallOnesStillAre() {
        String big = "x".repeat(3 << 20);

        assertThat(read(codec, "{\"name\":\"" + big + "\"}", Item.class).name()).hasSize(big.length());
        assertThat(read(codec, "{\"id\":9}", Item.class).id()).isEqualTo(9);
    }

    @Test
    void responseLargerThanTheRetainedWriterIsWrittenAndThenSmallOnesStillAre() {
        String big = "y".repeat(3 << 20);

        assertThat(write(codec, big)).hasSize(big.length() + 2);
        assertThat(write(codec, new Rating(5, 6))).isEqualTo("{\"score\":5,\"count\":6}");
    }

    @Test
    void virtualThreadsEncodeAndDecodeConcurrently() throws Exception {
        List<Future<Rating>> results = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 500; i++) {
                Rating rating = new Rating(i, -i);
                results.add(executor.submit(() -> read(codec, write(codec, rating), Rating.class)));
            }
        }
        for (int i = 0; i < results.size(); i++) {
            assertThat(results.get(i).get()).isEqualTo(new Rating(i, -i));
        }
    }
}
