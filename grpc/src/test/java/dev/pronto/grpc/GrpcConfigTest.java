package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The plugin's limits are checked when built, naming the field and the value. */
class GrpcConfigTest {
    @Test
    void theDefaultsAreOneMebibytePerCallAndSixteenPerConnection() {
        GrpcConfig d = GrpcConfig.defaults();
        assertThat(d.maxInboundMessageSize()).isEqualTo(Grpc.DEFAULT_MAX_INBOUND_MESSAGE_SIZE);
        assertThat(d.outboundBufferPerCall()).isEqualTo(1024 * 1024);
        assertThat(d.outboundBufferPerConnection()).isEqualTo(16 * 1024 * 1024);
    }

    @Test
    void aPerCallBufferBelowSixtyFourKibibytesIsRefused() {
        assertThatThrownBy(() -> new GrpcConfig(1024, 1000, 1_000_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outboundBufferPerCall")
                .hasMessageContaining("1000");
    }

    @Test
    void aConnectionBufferSmallerThanACallsIsRefused() {
        assertThatThrownBy(() -> Grpc.builder().outboundBufferPerCall(1 << 20).outboundBufferPerConnection(1 << 19).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outboundBufferPerConnection")
                .hasMessageContaining("524288");
    }
}
