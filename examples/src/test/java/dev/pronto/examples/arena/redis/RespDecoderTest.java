package dev.pronto.examples.arena.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RespDecoderTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new RespDecoder());

    private static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
    }

    @Test
    void bulkStringSplitByteByByteIsOneReply() {
        for (byte b : "$5\r\nhello\r\n".getBytes(StandardCharsets.US_ASCII)) {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        assertThat((byte[]) channel.readInbound()).asString().isEqualTo("hello");
        assertThat((Object) channel.readInbound()).isNull();
    }

    @Test
    void pipelinedRepliesDecodeInOrder() {
        channel.writeInbound(ascii("+OK\r\n:1\r\n$-1\r\n$0\r\n\r\n"));
        assertThat((Object) channel.readInbound()).isEqualTo("OK");
        assertThat((Object) channel.readInbound()).isEqualTo(1L);
        assertThat((Object) channel.readInbound()).isSameAs(RespDecoder.NIL);
        assertThat((byte[]) channel.readInbound()).isEmpty();
    }

    @Test
    void errorReplyIsARedisException() {
        channel.writeInbound(ascii("-OOM command not allowed\r\n"));
        assertThat((Object) channel.readInbound()).isInstanceOf(RedisException.class)
                .hasFieldOrPropertyWithValue("message", "OOM command not allowed");
    }

    @Test
    void arrayReplyIsAProtocolError() {
        assertThatThrownBy(() -> channel.writeInbound(ascii("*1\r\n$1\r\na\r\n"))).isInstanceOf(DecoderException.class);
        channel.finishAndReleaseAll();
    }

    @Test
    void bulkBeyondTheLimitIsRejectedBeforeItsBytesArrive() {
        assertThatThrownBy(() -> channel.writeInbound(ascii("$" + (RespDecoder.MAX_BULK + 1) + "\r\n")))
                .isInstanceOf(DecoderException.class).hasMessageContaining("bulk length");
        channel.finishAndReleaseAll();
    }

    @Test
    void endlessLineIsRejectedAtTheLineLimit() {
        assertThatThrownBy(() -> channel.writeInbound(ascii("+" + "x".repeat(RespDecoder.MAX_LINE))))
                .isInstanceOf(DecoderException.class).hasMessageContaining("line longer");
        channel.finishAndReleaseAll();
    }

    @Test
    void bulkNotEndedByCrLfIsAProtocolError() {
        assertThatThrownBy(() -> channel.writeInbound(ascii("$2\r\nabXY"))).isInstanceOf(DecoderException.class);
        channel.finishAndReleaseAll();
    }
}
