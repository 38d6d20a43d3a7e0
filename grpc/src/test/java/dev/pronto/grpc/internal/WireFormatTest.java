package dev.pronto.grpc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Units of the wire format: grpc-timeout, grpc-message escaping, message framing across chunks. */
class WireFormatTest {
    @Test
    void grpcTimeoutUnitsParse() {
        assertThat(GrpcTimeout.nanos("100m")).isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(GrpcTimeout.nanos("2H")).isEqualTo(TimeUnit.HOURS.toNanos(2));
        assertThat(GrpcTimeout.nanos("99999999n")).isEqualTo(99_999_999L);
    }

    @Test
    void malformedGrpcTimeoutsMeanNoDeadline() {
        assertThat(GrpcTimeout.nanos("123456789S")).isEqualTo(GrpcTimeout.NONE);
        assertThat(GrpcTimeout.nanos("10x")).isEqualTo(GrpcTimeout.NONE);
        assertThat(GrpcTimeout.nanos("-1S")).isEqualTo(GrpcTimeout.NONE);
        assertThat(GrpcTimeout.nanos("S")).isEqualTo(GrpcTimeout.NONE);
    }

    @Test
    void statusTextEscapesPercentControlAndNonAscii() {
        assertThat(StatusText.encode("plain text")).isEqualTo("plain text");
        assertThat(StatusText.encode("50%\n☺")).isEqualTo("50%25%0A%E2%98%BA");
    }

    @Test
    void aMessageSplitAcrossChunksIsGatheredOnce() {
        List<String> got = new ArrayList<>();
        Deframer d = new Deframer(1024, (m, compressed) -> {
            got.add(m.toString(java.nio.charset.StandardCharsets.US_ASCII));
            m.release();
        });
        ByteBuf a = Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 0, 3, 'a', 'b'});
        ByteBuf b = Unpooled.wrappedBuffer(new byte[] {'c', 0, 0, 0, 0, 1, 'z'});
        assertThat(d.feed(a)).isNull();
        assertThat(d.midMessage()).isTrue();
        assertThat(d.feed(b)).isNull();
        assertThat(got).containsExactly("abc", "z");
        assertThat(d.midMessage()).isFalse();
        a.release();
        b.release();
    }

    @Test
    void anOversizedPrefixFailsBeforeAnyPayloadIsBuffered() {
        Deframer d = new Deframer(16, (m, compressed) -> m.release());
        ByteBuf prefix = Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 0, 17});
        assertThat(d.feed(prefix).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(d.midMessage()).isFalse();
        prefix.release();
    }
}
