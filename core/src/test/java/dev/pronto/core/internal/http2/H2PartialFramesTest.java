package dev.pronto.core.internal.http2;

import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The first read of an HTTP/2 connection may end anywhere, in the middle of a frame too (a socket
 * read of a client that sends preface, SETTINGS, HEADERS and a large DATA frame at once); the
 * request must be served whatever the split.
 */
class H2PartialFramesTest {
    private static final int BODY = 4000;
    private final EmbeddedChannel ch = TestChannels.server(r -> r.post("/length",
            (req, res) -> res.send("length=" + req.body().readableBytes())));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 24, 30, 40, 60, 100, 2048, 3000})
    void requestSplitAtAnyByteIsServed(int split) throws Exception {
        ByteBuf bytes = request();
        ch.writeInbound(bytes.readRetainedSlice(Math.min(split, bytes.readableBytes() - 1)));
        ch.writeInbound(bytes);

        assertThat(readAll(ch)).contains("length=" + BODY);
    }

    /** Preface, empty SETTINGS, HEADERS of a POST and one DATA frame ending the stream. */
    private static ByteBuf request() throws Exception {
        ByteBuf out = Unpooled.buffer();
        out.writeCharSequence("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", StandardCharsets.US_ASCII);
        frame(out, 0x4, 0, 0, Unpooled.EMPTY_BUFFER);
        Http2Headers h = new DefaultHttp2Headers().method("POST").path("/length").scheme("http").authority("x")
                .setInt("content-length", BODY);
        ByteBuf block = Unpooled.buffer();
        new DefaultHttp2HeadersEncoder().encodeHeaders(1, h, block);
        frame(out, 0x1, 0x4, 1, block);
        frame(out, 0x0, 0x1, 1, Unpooled.wrappedBuffer(new byte[BODY]));
        return out;
    }

    private static void frame(ByteBuf out, int type, int flags, int stream, ByteBuf payload) {
        out.writeMedium(payload.readableBytes()).writeByte(type).writeByte(flags).writeInt(stream).writeBytes(payload);
        payload.release();
    }
}
