package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Compression;
import dev.pronto.core.ContentCoding;
import dev.pronto.core.internal.content.BodySink;
import dev.pronto.core.internal.content.StreamCompressor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The protocol-neutral half of a streamed HTTP/2 and HTTP/3 body, against a sink that records what it gets. */
class FramedBodyTest {
    private final RecordingSink sink = new RecordingSink();
    private final Exchange e = TestExchanges.responding();

    @AfterEach
    void releaseWhatTheSinkGot() {
        sink.chunks.forEach(ByteBuf::release);
    }

    private FramedBody body(StreamCompressor compressor) {
        return new FramedBody(sink, e, compressor, () -> sink.seals++);
    }

    @Test
    void openStartsTheSinkWithTheDefaultType() {
        FramedBody.open(sink, e, null, "text/plain");

        assertThat(sink.starts).containsExactly("text/plain");
    }

    @Test
    void textIsSentAsItsUtf8Bytes() {
        body(null).write("héllo");

        assertThat(sink.chunks).singleElement()
                .satisfies(c -> assertThat(c.toString(StandardCharsets.UTF_8)).isEqualTo("héllo"));
    }

    @Test
    void emptyChunksAreNotSentAndCompleteAtOnce() {
        CompletionStage<Void> stage = body(null).write(new byte[0]);

        assertThat(stage.toCompletableFuture()).isCompleted();
        assertThat(sink.chunks).isEmpty();
    }

    @Test
    void endSendsOneEmptyLastChunkWithoutACompressor() {
        body(null).end();

        assertThat(sink.lasts).containsExactly(true);
        assertThat(sink.chunks.get(0).isReadable()).isFalse();
    }

    @Test
    void endSealsTheTrailersBeforeTheLastChunkLeaves() {
        FramedBody body = body(null);
        sink.sealsAtLast = -1;
        body.end();

        assertThat(sink.sealsAtLast).isEqualTo(1);
    }

    @Test
    void endSendsTheCompressorTailAsTheLastChunk() throws IOException {
        var gzip = new StreamCompressor(ContentCoding.GZIP, Compression.defaults(), ByteBufAllocator.DEFAULT);
        FramedBody body = body(gzip);
        body.write("abc");
        body.end();

        assertThat(sink.lasts).containsExactly(false, true);
        assertThat(gunzip(Unpooled.wrappedBuffer(sink.chunks.get(0).retainedDuplicate(),
                sink.chunks.get(1).retainedDuplicate()))).isEqualTo("abc");
    }

    private static String gunzip(ByteBuf gz) throws IOException {
        byte[] bytes = ByteBufUtil.getBytes(gz);
        gz.release();
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void writeAfterEndReleasesTheChunkAndThrows() {
        FramedBody body = body(null);
        body.end();
        ByteBuf late = Unpooled.buffer().writeByte(1);

        assertThatThrownBy(() -> body.write(late)).isInstanceOf(IllegalStateException.class);
        assertThat(late.refCnt()).isZero();
    }

    @Test
    void abortReachesTheSinkOnceAndNotAfterEnd() {
        FramedBody aborted = body(null);
        aborted.abort();
        aborted.abort();
        FramedBody ended = body(null);
        ended.end();
        ended.abort();

        assertThat(sink.aborts).isEqualTo(1);
    }

    @Test
    void aStreamNoLongerWritableGetsNoHeadAndItsExchangeIsAborted() {
        sink.writable = false;

        FramedBody.open(sink, e, null, "text/plain");

        assertThat(sink.starts).isEmpty();
        assertThat(e.state()).isEqualTo(ExchangeState.ABORTED);
    }

    @Test
    void aChunkForAStreamNoLongerWritableIsReleasedAndItsStageFails() {
        FramedBody body = body(null);
        sink.writable = false;
        ByteBuf chunk = Unpooled.buffer().writeByte(1);

        CompletionStage<Void> stage = body.write(chunk);

        assertThat(chunk.refCnt()).isZero();
        assertThat(sink.chunks).isEmpty();
        assertThat(stage.toCompletableFuture()).isCompletedExceptionally();
        assertThatThrownBy(() -> stage.toCompletableFuture().join()).hasCauseInstanceOf(ClosedChannelException.class);
    }

    @Test
    void theLastChunkForAStreamNoLongerWritableSettlesTheExchange() {
        FramedBody body = body(null);
        sink.writable = false;

        body.end();

        assertThat(sink.chunks).isEmpty();
        assertThat(sink.finishes).isEqualTo(1);
    }

    @Test
    void anExchangeThatLeftTheRespondingStateTakesNoMoreChunks() {
        FramedBody body = body(null);
        e.abort();

        body.write("late");

        assertThat(sink.chunks).isEmpty();
    }

    @Test
    void theLastChunkForARecycledExchangeNeitherReachesTheSinkNorSettlesIt() {
        FramedBody body = body(null);
        e.abort();
        e.recycle();

        body.end();

        assertThat(sink.chunks).isEmpty();
        assertThat(sink.finishes).isZero();
    }

    @Test
    void anAbortForARecycledExchangeDoesNotReachTheSink() {
        FramedBody body = body(null);
        e.abort();
        e.recycle();

        body.abort();

        assertThat(sink.aborts).isZero();
    }

    private static final class RecordingSink implements BodySink {
        final List<ByteBuf> chunks = new ArrayList<>();
        final List<Boolean> lasts = new ArrayList<>();
        final List<String> starts = new ArrayList<>();
        boolean writable = true;
        int finishes;
        int aborts;
        int seals;
        int sealsAtLast;

        @Override
        public ByteBufAllocator alloc() {
            return ByteBufAllocator.DEFAULT;
        }

        @Override
        public EventExecutor loop() {
            return ImmediateEventExecutor.INSTANCE;
        }

        @Override
        public boolean writable() {
            return writable;
        }

        @Override
        public void finish() {
            finishes++;
        }

        @Override
        public void start(String defaultType) {
            starts.add(defaultType);
        }

        @Override
        public void write(ByteBuf chunk, boolean last, CompletableFuture<Void> done) {
            chunks.add(chunk);
            lasts.add(last);
            if (last) {
                sealsAtLast = seals;
            }
            done.complete(null);
        }

        @Override
        public void abort() {
            aborts++;
        }
    }
}
