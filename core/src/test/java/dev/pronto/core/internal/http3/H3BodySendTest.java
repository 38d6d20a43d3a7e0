package dev.pronto.core.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
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

/** A chunked response body is made only as QUIC can take it, for every body type. */
class H3BodySendTest {
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Recorder target = new Recorder();

    @AfterEach
    void close() {
        target.written.forEach(ByteBuf::release);
        channel.finishAndReleaseAll();
    }

    @Test
    void aResponseNobodyReadsHasOneChunkMade() {
        new H3BodySend(H3Chunks.of((Object) new byte[200 * 1024]), target).next();

        assertThat(target.written).hasSize(1);
        assertThat(target.written.getFirst().readableBytes()).isEqualTo(H3Chunks.SIZE);
        assertThat(target.ended).isFalse();
    }

    @Test
    void theNextChunkIsMadeOnceQuicTookThePreviousOne() {
        new H3BodySend(H3Chunks.of((Object) new byte[200 * 1024]), target).next();

        target.promises.getFirst().setSuccess();

        assertThat(target.written).hasSize(2);
    }

    @Test
    void withoutCapacityNoChunkIsMadeUntilTheStreamIsWritable() {
        target.capacity = 0;
        new H3BodySend(H3Chunks.of((Object) new byte[200 * 1024]), target).next();

        assertThat(target.written).isEmpty();
        target.capacity = 1 << 20;
        target.writable.run();

        assertThat(target.written).hasSize(1);
    }

    @Test
    void aChunkIsNoLargerThanWhatQuicWouldTake() {
        target.capacity = 10_005;

        new H3BodySend(H3Chunks.of((Object) new byte[200 * 1024]), target).next();

        assertThat(target.written.getFirst().readableBytes()).isEqualTo(10_000);
    }

    @Test
    void aTextIsEncodedChunkByChunkWithoutSplittingACharacter() {
        String text = ("aé€\uD83D\uDE00").repeat(30_000);
        target.completeAtOnce = true;

        new H3BodySend(H3Chunks.of((Object) text), target).next();

        assertThat(target.ended).isTrue();
        assertThat(target.written).allMatch(c -> c.readableBytes() <= 3 * H3Chunks.SIZE);
        assertThat(target.bytes().toString(StandardCharsets.UTF_8)).isEqualTo(text);
    }

    @Test
    void aBufferIsSlicedAndReleasedOnceSent() {
        ByteBuf body = Unpooled.buffer(100_000).writeZero(100_000);
        target.completeAtOnce = true;

        new H3BodySend(H3Chunks.of((Object) body), target).next();
        target.written.forEach(ByteBuf::release);
        target.written.clear();

        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aFailedWriteStopsSendingAndReleasesTheBody() {
        ByteBuf body = Unpooled.buffer(100_000).writeZero(100_000);
        new H3BodySend(H3Chunks.of((Object) body), target).next();

        target.promises.getFirst().setFailure(new java.io.IOException("stream closed"));
        target.written.forEach(ByteBuf::release);
        target.written.clear();

        assertThat(body.refCnt()).isZero();
    }

    /** Records chunks; completes their writes at once or when the test says. */
    private final class Recorder implements H3BodySend.Target {
        final List<ByteBuf> written = new ArrayList<>();
        final List<ChannelPromise> promises = new ArrayList<>();
        boolean completeAtOnce;
        boolean ended;
        long capacity = 1 << 20;
        Runnable writable;

        @Override
        public ByteBufAllocator alloc() {
            return UnpooledByteBufAllocator.DEFAULT;
        }

        @Override
        public ChannelFuture write(ByteBuf chunk) {
            written.add(chunk);
            ChannelPromise p = channel.newPromise();
            promises.add(p);
            if (completeAtOnce) {
                p.setSuccess();
            }
            return p;
        }

        @Override
        public void end(ChannelFuture last) {
            ended = true;
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
        public long capacity() {
            return capacity;
        }

        @Override
        public void whenWritable(Runnable task) {
            writable = task;
        }

        ByteArrayOutputStream bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (ByteBuf b : written) {
                out.writeBytes(io.netty.buffer.ByteBufUtil.getBytes(b));
            }
            return out;
        }
    }
}
