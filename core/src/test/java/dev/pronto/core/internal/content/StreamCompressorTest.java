package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.Compression;
import dev.pronto.core.ContentCoding;
import dev.pronto.core.Server;
import dev.pronto.core.internal.exchange.FramedBody;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Streamed compressors free their native state on completion, failure and abort. */
class StreamCompressorTest {
    private static final String REQUEST = "GET /stream HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n";

    private static StreamCompressor gzip() {
        return new StreamCompressor(ContentCoding.GZIP, Compression.defaults(), ByteBufAllocator.DEFAULT);
    }

    /** A server whose handler streams one compressed chunk into {@code writer}, then does {@code then}. */
    private static EmbeddedChannel server(AtomicReference<BodyWriter> writer, Consumer<BodyWriter> then) {
        Server server = Server.builder().compression(Compression.defaults()).routes(r -> r.get("/stream", (req, res) -> {
            BodyWriter w = res.contentType("text/plain").stream();
            writer.set(w);
            w.write("chunk ".repeat(100));
            then.accept(w);
        })).build();
        return new EmbeddedChannel(server.channelInitializer());
    }

    @Test
    void compressingAfterCloseReleasesTheChunkAndSaysSo() {
        StreamCompressor c = gzip();
        c.close();
        io.netty.buffer.ByteBuf chunk = Unpooled.buffer().writeBytes(new byte[100]);

        assertThat(c.compressAndRelease(chunk)).isNull();
        assertThat(chunk.refCnt()).isZero();
    }

    @Test
    void closingTheChannelFreesAnAttachedCompressor() {
        StreamCompressor c = gzip();
        EmbeddedChannel ch = new EmbeddedChannel();
        c.closeWith(ch);

        ch.close();

        assertThat(c.closed()).isTrue();
    }

    @Test
    void finishFreesTheDeflater() {
        StreamCompressor c = gzip();
        c.compress(Unpooled.wrappedBuffer(new byte[100])).release();

        c.finish().release();

        assertThat(c.closed()).isTrue();
    }

    @Test
    void closeIsIdempotentAndLaterChunksAreRefused() {
        StreamCompressor c = gzip();
        c.close();
        c.close();

        assertThat(c.compress(Unpooled.wrappedBuffer(new byte[100]))).isNull();
        assertThat(c.finish()).isNull();
    }

    @Test
    void endedStreamFreesItsCompressor() {
        AtomicReference<BodyWriter> writer = new AtomicReference<>();
        EmbeddedChannel ch = server(writer, BodyWriter::end);

        assertThat(TestChannels.exchange(ch, REQUEST)).contains("Content-Encoding: gzip");
        assertThat(((FramedBody) writer.get()).compressor().closed()).isTrue();
        ch.finishAndReleaseAll();
    }

    @Test
    void connectionClosedMidStreamFreesItsCompressor() {
        AtomicReference<BodyWriter> writer = new AtomicReference<>();
        EmbeddedChannel ch = server(writer, w -> { });
        TestChannels.exchange(ch, REQUEST);
        StreamCompressor compressor = ((FramedBody) writer.get()).compressor();
        assertThat(compressor.closed()).isFalse();

        ch.close().syncUninterruptibly();

        assertThat(compressor.closed()).isTrue();
        assertThat(writer.get().write("late").toCompletableFuture()).isCompletedExceptionally();
        ch.finishAndReleaseAll();
    }

    @Test
    void handlerFailingMidStreamFreesItsCompressor() {
        AtomicReference<BodyWriter> writer = new AtomicReference<>();
        EmbeddedChannel ch = server(writer, w -> {
            throw new IllegalStateException("handler failed mid-stream");
        });

        TestChannels.exchange(ch, REQUEST);

        assertThat(((FramedBody) writer.get()).compressor().closed()).isTrue();
        ch.finishAndReleaseAll();
    }
}
