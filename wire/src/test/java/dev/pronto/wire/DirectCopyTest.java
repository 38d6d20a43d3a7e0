package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DirectCopyTest {
    private static final byte[] SRC = "xxHTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nyy".getBytes(StandardCharsets.US_ASCII);
    private static final String PART = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n";

    private static String copied(ByteBuf out) {
        try {
            out.writeByte('>');
            DirectCopy.write(out, SRC, 2, PART.length());
            out.writeByte('<');
            return out.toString(StandardCharsets.US_ASCII);
        } finally {
            out.release();
        }
    }

    @Test
    void writesBehindWhatTheAdaptiveDirectBufferHolds() {
        ByteBuf out = ByteBufAllocator.DEFAULT.directBuffer(128);
        assertThat(out.hasMemoryAddress()).isTrue();

        assertThat(copied(out)).isEqualTo(">" + PART + "<");
    }

    @Test
    void writesIntoAPooledDirectBuffer() {
        assertThat(copied(PooledByteBufAllocator.DEFAULT.directBuffer(128))).isEqualTo(">" + PART + "<");
    }

    @Test
    void growsABufferTooSmallAsWriteBytesWould() {
        ByteBuf out = ByteBufAllocator.DEFAULT.directBuffer(4);

        assertThat(copied(out)).isEqualTo(">" + PART + "<");
    }

    @Test
    void fallsBackToWriteBytesOnHeapAndCompositeBuffers() {
        assertThat(copied(Unpooled.buffer(8))).isEqualTo(">" + PART + "<");
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        composite.addComponent(true, Unpooled.directBuffer(8));
        assertThat(copied(composite)).isEqualTo(">" + PART + "<");
    }

    @Test
    void aHeadWrittenToABufferMatchesItsBytes() {
        HeadBytes head = HeadBytes.local();
        head.text("HTTP/1.1 204 No Content");
        head.pair(HeadBytes.CRLF);
        ByteBuf out = ByteBufAllocator.DEFAULT.directBuffer(16);
        try {
            head.writeTo(out);
            assertThat(ByteBufUtil.getBytes(out)).asString(StandardCharsets.US_ASCII).isEqualTo("HTTP/1.1 204 No Content\r\n");
        } finally {
            out.release();
        }
    }
}
