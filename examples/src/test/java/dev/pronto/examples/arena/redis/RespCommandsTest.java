package dev.pronto.examples.arena.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RespCommandsTest {
    private static String text(ByteBuf b) {
        try {
            return b.toString(StandardCharsets.US_ASCII);
        } finally {
            b.release();
        }
    }

    @Test
    void getEncodesPrefixAndNumberAsOneBulkKey() {
        assertThat(text(RespCommands.get(ByteBufAllocator.DEFAULT, "item:", 10042)))
                .isEqualTo("*2\r\n$3\r\nGET\r\n$10\r\nitem:10042\r\n");
    }

    @Test
    void setCarriesValueAndMillisecondTtl() {
        byte[] value = "{\"id\":0}".getBytes(StandardCharsets.US_ASCII);
        assertThat(text(RespCommands.set(ByteBufAllocator.DEFAULT, "user:", 0, value, 800)))
                .isEqualTo("*5\r\n$3\r\nSET\r\n$6\r\nuser:0\r\n$8\r\n{\"id\":0}\r\n$2\r\nPX\r\n$3\r\n800\r\n");
    }

    @Test
    void deleteEncodesTheKey() {
        assertThat(text(RespCommands.delete(ByteBufAllocator.DEFAULT, "item:", 7))).isEqualTo("*2\r\n$3\r\nDEL\r\n$6\r\nitem:7\r\n");
    }
}
