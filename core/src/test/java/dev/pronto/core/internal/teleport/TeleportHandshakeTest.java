package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_FLATE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_NONE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_SNAPPY;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HEX;
import static dev.pronto.core.internal.teleport.TeleportFixtures.hex;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.http1.TestChannels;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The 15-byte handshake of httpteleport.md §2, byte for byte. */
class TeleportHandshakeTest {
    private EmbeddedChannel ch = TeleportFixtures.server(r -> r.get("/", (req, res) -> res.send("hi")));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void answersNoneWithNone() {
        ch.writeInbound(hex(HANDSHAKE_NONE));

        assertThat(HEX.formatHex(written(ch))).isEqualTo(HANDSHAKE_NONE);
        assertThat(ch.isActive()).isTrue();
    }

    @Test
    void answersFlateWithFlate() {
        ch.writeInbound(hex(HANDSHAKE_FLATE));

        assertThat(HEX.formatHex(written(ch))).isEqualTo(HANDSHAKE_FLATE);
    }

    @Test
    void answersSnappyWithSnappy() {
        ch.writeInbound(hex(HANDSHAKE_SNAPPY));

        assertThat(HEX.formatHex(written(ch))).isEqualTo(HANDSHAKE_SNAPPY);
    }

    @Test
    void acceptsTheHandshakeInTwoWritesAsGoSendsIt() {
        ch.writeInbound(hex("68 74 74 70 74 65 6c 65 70 6f 72 74"));
        assertThat(written(ch)).isEmpty();

        ch.writeInbound(hex("00 01 00"));

        assertThat(HEX.formatHex(written(ch))).isEqualTo(HANDSHAKE_NONE);
    }

    @Test
    void closesOnAWrongSniffHeader() {
        ch.writeInbound(hex("68 74 74 70 74 65 6c 65 70 6f 72 58 00 01 00"));

        assertThat(written(ch)).isEmpty();
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesOnAnUnknownVersion() {
        ch.writeInbound(hex("68 74 74 70 74 65 6c 65 70 6f 72 74 01 01 00"));

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesOnAnUnknownCompression() {
        ch.writeInbound(hex("68 74 74 70 74 65 6c 65 70 6f 72 74 00 03 00"));

        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void answersATlsRequestWithoutTlsAndCloses() {
        ch.writeInbound(hex("68 74 74 70 74 65 6c 65 70 6f 72 74 00 01 01"));

        assertThat(HEX.formatHex(written(ch))).isEqualTo(HANDSHAKE_NONE);
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesWhenTheHandshakeDoesNotArriveInTime() {
        ch.finishAndReleaseAll();
        ch = TeleportFixtures.server(c -> c.headerReadTimeout(Duration.ofSeconds(3)), r -> { });
        ch.freezeTime();
        ch.writeInbound(hex("68 74 74 70"));

        TestChannels.advance(ch, 2_900);
        assertThat(ch.isActive()).isTrue();
        TestChannels.advance(ch, 200);

        assertThat(ch.isActive()).isFalse();
    }
}
