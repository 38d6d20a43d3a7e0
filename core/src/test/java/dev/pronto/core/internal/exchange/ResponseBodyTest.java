package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of body a carrier is handed: its length, the bytes it copies, the part it hands over, its release. */
class ResponseBodyTest {
    private static final ByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;
    private final ResponseBody body = new ResponseBody();
    private final ByteBuf out = ALLOC.buffer();

    @TempDir
    Path dir;

    @AfterEach
    void releaseOut() {
        body.clear();
        out.release();
    }

    @Test
    void textIsItsUtf8LengthAndIsEncodedStraightIntoTheCarriersBuffer() {
        body.text("héllo €", 10, ServerResponse.TEXT);

        body.writeTo(out);

        assertThat(body.length()).isEqualTo(10);
        assertThat(body.copyLength()).isEqualTo(10);
        assertThat(body.defaultType()).isEqualTo(ServerResponse.TEXT);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("héllo €");
        assertThat(body.takePart()).isNull();
    }

    @Test
    void bytesAreCopiedWhole() {
        body.bytes(new byte[] {1, 2, 3}, ServerResponse.BYTES);

        body.writeTo(out);

        assertThat(body.length()).isEqualTo(3);
        assertThat(body.copyLength()).isEqualTo(3);
        assertThat(bytes(out)).containsExactly(1, 2, 3);
        assertThat(body.takePart()).isNull();
    }

    @Test
    void aSmallBufferIsCopiedAndFreedOnRelease() {
        ByteBuf small = ALLOC.buffer().writeBytes(new byte[] {7, 8});
        body.buffer(small, ServerResponse.JSON);

        body.writeTo(out);
        assertThat(body.takePart()).isNull();
        body.release();

        assertThat(bytes(out)).containsExactly(7, 8);
        assertThat(small.refCnt()).isZero();
    }

    @Test
    void aLargeBufferIsHandedOverAsASecondPartUncopied() {
        ByteBuf large = ALLOC.buffer().writeZero(ResponseBody.COPY_LIMIT + 1);
        body.buffer(large, ServerResponse.BYTES);

        assertThat(body.copyLength()).isZero();
        body.writeTo(out);
        Object part = body.takePart();
        body.release();

        assertThat(out.readableBytes()).isZero();
        assertThat(part).isSameAs(large);
        assertThat(large.refCnt()).isOne();
        assertThat(body.length()).isEqualTo(ResponseBody.COPY_LIMIT + 1);
        large.release();
    }

    @Test
    void aBufferNotTakenIsReleased() {
        ByteBuf large = ALLOC.buffer().writeZero(ResponseBody.COPY_LIMIT + 1);
        body.buffer(large, ServerResponse.BYTES);

        body.release();

        assertThat(large.refCnt()).isZero();
    }

    @Test
    void takeBufferHandsOverAHeldBufferAsItIs() {
        ByteBuf held = ALLOC.buffer().writeBytes(new byte[] {5});
        body.buffer(held, ServerResponse.BYTES);

        ByteBuf taken = body.takeBuffer(ALLOC);
        body.release();

        assertThat(taken).isSameAs(held);
        assertThat(taken.refCnt()).isOne();
        taken.release();
    }

    @Test
    void takeBufferEncodesATextIntoANewBuffer() {
        body.text("abc", 3, ServerResponse.TEXT);

        ByteBuf taken = body.takeBuffer(ALLOC);

        assertThat(taken.toString(StandardCharsets.UTF_8)).isEqualTo("abc");
        taken.release();
    }

    @Test
    void noneHasNoBytesAndKeepsItsType() {
        body.none(ServerResponse.TEXT);

        assertThat(body.length()).isZero();
        assertThat(body.copyLength()).isZero();
        assertThat(body.defaultType()).isEqualTo(ServerResponse.TEXT);
        assertThat(body.takeBuffer(ALLOC).readableBytes()).isZero();
        assertThat(body.takePart()).isNull();
    }

    @Test
    void aFileIsHandedOverAsASecondPartAndStaysOpen() throws IOException {
        FileChannel channel = open(5);
        body.file(new FilePart(channel, 1, 4), ServerResponse.BYTES);

        assertThat(body.isFile()).isTrue();
        assertThat(body.length()).isEqualTo(4);
        assertThat(body.copyLength()).isZero();
        Object part = body.takePart();
        body.release();

        assertThat(part).isEqualTo(new FilePart(channel, 1, 4));
        assertThat(channel.isOpen()).isTrue();
        channel.close();
    }

    @Test
    void aFileNotSentIsClosedOnRelease() throws IOException {
        FileChannel channel = open(5);
        body.file(new FilePart(channel, 0, 5), ServerResponse.BYTES);

        body.release();

        assertThat(channel.isOpen()).isFalse();
        assertThat(body.isFile()).isFalse();
        assertThat(body.length()).isEqualTo(5);
    }

    @Test
    void releaseForgetsTheHandlersTextSoItIsNeverReadAgain() {
        body.text("secret", 6, ServerResponse.TEXT);

        body.release();
        body.release();

        assertThat(body.copyLength()).isZero();
        assertThat(body.takeBuffer(ALLOC).readableBytes()).isZero();
    }

    private FileChannel open(int size) throws IOException {
        Path file = Files.write(dir.resolve("f"), new byte[size]);
        return FileChannel.open(file, StandardOpenOption.READ);
    }

    private static byte[] bytes(ByteBuf buf) {
        byte[] b = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), b);
        return b;
    }
}
