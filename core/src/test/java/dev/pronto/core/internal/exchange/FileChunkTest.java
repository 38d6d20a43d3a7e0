package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a file range for HTTP/2 and HTTP/3 one DATA frame's worth at a time. */
class FileChunkTest {
    @TempDir
    Path dir;

    private FilePart part(int fileSize, long offset, long count) throws IOException {
        byte[] bytes = new byte[fileSize];
        for (int i = 0; i < fileSize; i++) {
            bytes[i] = (byte) i;
        }
        Path file = Files.write(dir.resolve("f"), bytes);
        return new FilePart(FileChannel.open(file, StandardOpenOption.READ), offset, count);
    }

    @Test
    void aChunkHoldsAtMostSizeBytesFromThePosition() throws IOException {
        FilePart file = part(FileChunk.SIZE + 100, 10, FileChunk.SIZE + 50);
        ByteBuf chunk = FileChunk.read(ByteBufAllocator.DEFAULT, file, 10);
        try {
            assertThat(chunk.readableBytes()).isEqualTo(FileChunk.SIZE);
            assertThat(chunk.getByte(0)).isEqualTo((byte) 10);
        } finally {
            chunk.release();
            file.close();
        }
    }

    @Test
    void theLastChunkStopsAtTheRangesEnd() throws IOException {
        FilePart file = part(FileChunk.SIZE + 100, 10, FileChunk.SIZE + 50);
        ByteBuf chunk = FileChunk.read(ByteBufAllocator.DEFAULT, file, 10 + FileChunk.SIZE);
        try {
            assertThat(chunk.readableBytes()).isEqualTo(50);
        } finally {
            chunk.release();
            file.close();
        }
    }

    @Test
    void aFileShorterThanItsRangeGivesNullAndIsClosed() throws IOException {
        FilePart file = part(100, 0, 200);

        assertThat(FileChunk.read(ByteBufAllocator.DEFAULT, file, 0)).isNull();
        assertThat(file.channel().isOpen()).isFalse();
    }
}
