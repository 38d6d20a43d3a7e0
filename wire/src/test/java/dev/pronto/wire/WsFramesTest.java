package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Frames written whole must be what a client's decoder (minimal lengths, no mask) accepts. */
class WsFramesTest {
    private static final UnpooledByteBufAllocator ALLOC = new UnpooledByteBufAllocator(false);

    /** Decodes {@code frame} as a client would: unmasked frames only, minimal length encoding enforced. */
    private static WebSocketFrame decode(ByteBuf frame) {
        EmbeddedChannel client = new EmbeddedChannel(new WebSocket13FrameDecoder(WebSocketDecoderConfig.newBuilder()
                .expectMaskedFrames(false).maxFramePayloadLength(1 << 20).build()));
        client.writeInbound(frame);
        WebSocketFrame decoded = client.readInbound();
        client.finishAndReleaseAll();
        return decoded;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 5, 125, 126, 65_535, 65_536, 200_000})
    void textOfEveryLengthClassDecodesToTheSameText(int length) {
        String text = "é".repeat(length / 2) + "a".repeat(length % 2);
        ByteBuf frame = WsFrames.text(ALLOC, text);
        int header = length < 126 ? 2 : length <= 65_535 ? 4 : 10;

        assertThat(frame.readableBytes()).isEqualTo(header + length);
        WebSocketFrame decoded = decode(frame);
        try {
            assertThat(decoded).isInstanceOf(TextWebSocketFrame.class);
            assertThat(decoded.isFinalFragment()).isTrue();
            assertThat(decoded.content().toString(StandardCharsets.UTF_8)).isEqualTo(text);
        } finally {
            decoded.release();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 125, 126, 70_000})
    void binaryDecodesToACopyOfTheBytes(int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) i;
        }
        WebSocketFrame decoded = decode(WsFrames.binary(ALLOC, data));
        try {
            assertThat(decoded).isInstanceOf(BinaryWebSocketFrame.class);
            assertThat(ByteBufUtil.getBytes(decoded.content())).isEqualTo(data);
        } finally {
            decoded.release();
        }
    }
}
