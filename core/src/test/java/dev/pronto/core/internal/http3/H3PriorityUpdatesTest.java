package dev.pronto.core.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicStreamPriority;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PRIORITY_UPDATEs kept for streams not open yet: applied when the stream opens, bounded however many arrive. */
class H3PriorityUpdatesTest {
    private static final int MAX_BIDI = 1_000;
    private final H3PriorityUpdates updates = new H3PriorityUpdates(List.of(), MAX_BIDI);

    private Http3ErrorCode update(long streamId, String field) {
        ByteBuf p = Unpooled.buffer();
        try {
            p.writeLong(0xC000_0000_0000_0000L | streamId);  // an 8-byte varint, as a client may send
            p.writeCharSequence(field, StandardCharsets.US_ASCII);
            return updates.read(H3Payloads.PRIORITY_UPDATE, p, 0, p.readableBytes());
        } finally {
            p.release();
        }
    }

    @Test
    void anUpdateForAStreamNotOpenYetIsGivenWhenItOpens() {
        assertThat(update(8, "u=1")).isNull();

        QuicStreamPriority kept = updates.opened(8);

        assertThat(kept.urgency()).isEqualTo(1 + 1);
        assertThat(updates.opened(12)).isNull();
    }

    @Test
    void aLaterUpdateForTheSameStreamReplacesTheEarlier() {
        update(4, "u=6");
        update(4, "u=0, i");

        QuicStreamPriority kept = updates.opened(4);

        assertThat(kept.urgency()).isEqualTo(1);
        assertThat(kept.isIncremental()).isTrue();
    }

    @Test
    void pastTwoHundredFiftySixKeptTheLowestStreamsGiveWayToHigherOnes() {
        for (int n = 0; n < 300; n++) {
            assertThat(update(4L * n, "u=5")).isNull();
        }

        assertThat(updates.opened(0)).isNull();
        assertThat(updates.opened(4L * 43)).isNull();
        assertThat(updates.opened(4L * 44)).isNotNull();
        assertThat(updates.opened(4L * 299)).isNotNull();
    }

    @Test
    void whenFullAnUpdateForALowerStreamThanEveryKeptOneIsDropped() {
        for (int n = 100; n < 356; n++) {
            update(4L * n, "u=5");
        }

        update(4L * 10, "u=0");

        assertThat(updates.opened(4L * 10)).isNull();
        assertThat(updates.opened(4L * 100)).isNotNull();
    }

    @Test
    void anUpdateBeyondTheStreamLimitIsAnIdError() {
        assertThat(update(4L * MAX_BIDI, "u=1")).isEqualTo(Http3ErrorCode.H3_ID_ERROR);
        assertThat(update(2, "u=1")).isEqualTo(Http3ErrorCode.H3_ID_ERROR);
    }
}
