package dev.pronto.core.internal.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

class SpareBufferTest {
    private final SpareBuffer spare = new SpareBuffer();

    /** A batch as OutboundBatch lends it: written, one reference kept, one handed to the channel. */
    private static ByteBuf lentBatch() {
        ByteBuf b = ByteBufAllocator.DEFAULT.ioBuffer(4096).writeBytes(new byte[100]);
        return b.retain();
    }

    @Test
    void aBatchTheSocketReleasedIsLentAgainEmpty() {
        ByteBuf b = lentBatch();
        spare.keep(b);
        b.release(); // the socket wrote it whole

        ByteBuf again = spare.take(200);

        assertThat(again).isSameAs(b);
        assertThat(again.readableBytes()).isZero();
        assertThat(again.refCnt()).isEqualTo(1);
        again.release();
    }

    @Test
    void aBatchTheChannelStillHoldsIsGivenUpToIt() {
        ByteBuf b = lentBatch();
        spare.keep(b);

        assertThat(spare.take(200)).isNull();
        assertThat(b.refCnt()).isEqualTo(1);
        assertThat(b.readableBytes()).isEqualTo(100);
        b.release(); // the channel's own release, later
    }

    @Test
    void aBatchTooSmallForTheResponseIsReleased() {
        ByteBuf b = lentBatch();
        spare.keep(b);
        b.release();

        assertThat(spare.take(b.capacity() + 1)).isNull();
        assertThat(b.refCnt()).isZero();
        assertThat(spare.take(1)).isNull();
    }

    @Test
    void aBatchGrownForABurstIsNotKept() {
        ByteBuf big = ByteBufAllocator.DEFAULT.ioBuffer(128 * 1024);

        spare.keep(big);

        assertThat(big.refCnt()).isZero();
        assertThat(spare.take(1)).isNull();
    }

    @Test
    void aSecondBatchWhileOneIsKeptIsReleased() {
        ByteBuf first = ByteBufAllocator.DEFAULT.ioBuffer(4096);
        ByteBuf second = ByteBufAllocator.DEFAULT.ioBuffer(4096);
        spare.keep(first);

        spare.keep(second);

        assertThat(second.refCnt()).isZero();
        assertThat(spare.take(1)).isSameAs(first);
        first.release();
    }
}
