package dev.pronto.core.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A chunked response body is written per turn as QUIC can take it, for every body type. */
class H3BodySendTest {
    private static final int BODY = 1 << 20;
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final FakeStream stream = new FakeStream();

    @AfterEach
    void close() {
        stream.written.forEach(ByteBuf::release);
        channel.finishAndReleaseAll();
    }

    private void send(Object body) {
        new H3BodySend(H3Chunks.of(body), stream, null).next();
    }

    @Test
    void aResponseNobodyReadsHasOneChunkMadeBeyondItsWindow() {
        stream.capacity = 100_000;

        send(new byte[BODY]);

        assertThat(stream.madeBytes()).isLessThanOrEqualTo(100_000 + H3Chunks.SIZE);
        assertThat(stream.ended).isFalse();
        assertThat(stream.onWritable).isNotNull();
    }

    @Test
    void aStreamWithoutCapacityThatNettyCallsWritableGetsOneChunk() {
        stream.capacity = 0;

        send(new byte[BODY]);

        assertThat(stream.written).hasSize(1);
        assertThat(stream.written.getFirst().readableBytes()).isEqualTo(H3Chunks.SIZE);
    }

    @Test
    void aBodyWithinTheWindowIsWrittenInOneTurnOfFewLargeChunksAndOneFlush() {
        stream.capacity = 4 * BODY;

        send(new byte[600 * 1024]);

        assertThat(stream.ended).isTrue();
        assertThat(stream.madeBytes()).isEqualTo(600 * 1024);
        assertThat(stream.written).hasSize(3);
        assertThat(stream.flushes).isEqualTo(1);
    }

    @Test
    void theNextTurnStartsOnceTheWindowOpensAndFlushesOnceMore() {
        stream.capacity = 100_000;
        send(new byte[BODY]);
        int firstTurn = stream.written.size();

        stream.open(300_000);

        assertThat(stream.written.size()).isGreaterThan(firstTurn);
        assertThat(stream.madeBytes()).isLessThanOrEqualTo(400_000 + H3Chunks.SIZE);
        assertThat(stream.flushes).isEqualTo(2);
    }

    @Test
    void aNearlyUsedWindowGetsAWholeChunkNotASliver() {
        stream.capacity = 40;

        send(new byte[BODY]);

        assertThat(stream.written).hasSize(1);
        assertThat(stream.written.getFirst().readableBytes()).isEqualTo(H3Chunks.SIZE);
    }

    @Test
    void aChunksFrameFillsTheCapacityUpToTheLargestChunk() {
        assertThat(H3BodySend.chunkSize(100_005)).isEqualTo(100_000);
        assertThat(H3BodySend.chunkSize(10_003)).isEqualTo(10_000);
        assertThat(H3BodySend.chunkSize(10 * BODY)).isEqualTo(H3BodySend.MAX_CHUNK);
        assertThat(H3BodySend.chunkSize(H3BodySend.MIN_FIT - 1)).isEqualTo(H3Chunks.SIZE);
    }

    @Test
    void aResponseNobodyReadsWithASmallWindowHasNothingLeftInNetty() {
        stream.capacity = 16 * 1024;

        send(new byte[BODY]);

        assertThat(stream.madeBytes()).isLessThanOrEqualTo(16 * 1024);
        assertThat(stream.queued).isNull();
        assertThat(stream.writable).isFalse();
    }

    @Test
    void noChunkIsMadeWhileTheHeadersWaitInNetty() {
        ChannelPromise head = channel.newPromise();
        new H3BodySend(H3Chunks.of((Object) new byte[BODY]), stream, head).next();
        assertThat(stream.written).isEmpty();

        head.setSuccess();

        assertThat(stream.written).isNotEmpty();
    }

    @Test
    void aTextIsEncodedChunkByChunkWithoutSplittingACharacter() {
        String text = ("aé€\uD83D\uDE00").repeat(30_000);
        stream.capacity = 4 * BODY;

        send(text);

        assertThat(stream.ended).isTrue();
        assertThat(stream.written).allMatch(c -> c.readableBytes() <= H3BodySend.MAX_CHUNK);
        assertThat(stream.bytes().toString(StandardCharsets.UTF_8)).isEqualTo(text);
    }

    @Test
    void aBufferIsSlicedAndReleasedOnceSent() {
        ByteBuf body = Unpooled.directBuffer(100_000).writeZero(100_000);
        stream.capacity = 4 * BODY;

        send(body);
        stream.written.forEach(ByteBuf::release);
        stream.written.clear();

        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aFailedWriteStopsSendingAndReleasesTheBody() {
        ByteBuf body = Unpooled.directBuffer(BODY).writeZero(BODY);
        stream.capacity = 10;
        send(body);

        stream.queued.setFailure(new java.io.IOException("stream closed"));
        stream.written.forEach(ByteBuf::release);
        stream.written.clear();

        assertThat(body.refCnt()).isZero();
    }

    /**
     * A QUIC stream as Netty shows it: a write QUIC cannot take whole waits in Netty and turns the stream
     * unwritable, as does a write that uses the last of the capacity.
     */
    private final class FakeStream implements H3BodySend.Target {
        final List<ByteBuf> written = new ArrayList<>();
        long capacity = BODY;
        boolean writable = true;
        ChannelPromise queued;
        int flushes;
        boolean ended;
        Runnable onWritable;

        @Override
        public ByteBufAllocator alloc() {
            return UnpooledByteBufAllocator.DEFAULT;
        }

        @Override
        public ChannelFuture write(ByteBuf chunk) {
            assertThat(writable && queued == null).as("a chunk is written only while the stream takes it").isTrue();
            written.add(chunk);
            ChannelPromise p = channel.newPromise();
            int n = chunk.readableBytes();
            // DATA frame: type (1 byte) and a variable-length integer length
            long frame = n + 1L + (n < 64 ? 1 : n < 16384 ? 2 : 4);
            if (frame <= capacity) {
                capacity -= frame;
                p.setSuccess();
            } else {
                capacity = 0;
                queued = p;
            }
            writable = capacity > 0;
            return p;
        }

        /** The client's window opens by {@code bytes}: the queued write completes, then the stream is writable. */
        void open(long bytes) {
            capacity += bytes;
            ChannelPromise q = queued;
            queued = null;
            if (q != null) {
                q.setSuccess();
            }
            writable = capacity > 0;
            Runnable task = onWritable;
            onWritable = null;
            if (writable && task != null) {
                task.run();
            }
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void end(ChannelFuture last) {
            ended = true;
            flushes++;
        }

        @Override
        public void fail() {
            throw new AssertionError("no chunk can fail here");
        }

        @Override
        public boolean stopped() {
            return false;
        }

        @Override
        public boolean writable() {
            return writable;
        }

        @Override
        public long capacity() {
            return capacity;
        }

        @Override
        public void whenWritable(Runnable task) {
            onWritable = task;
        }

        long madeBytes() {
            return written.stream().mapToLong(ByteBuf::readableBytes).sum();
        }

        ByteArrayOutputStream bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (ByteBuf b : written) {
                out.writeBytes(ByteBufUtil.getBytes(b));
            }
            return out;
        }
    }
}
