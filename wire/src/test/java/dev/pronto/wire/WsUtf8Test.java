package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The text validator against the JDK's strict decoder, whole and split at every byte. */
class WsUtf8Test {
    private static boolean jdkAccepts(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static boolean valid(byte[] b, int split) {
        WsUtf8 v = new WsUtf8();
        v.reset();
        return v.feed(Unpooled.wrappedBuffer(b, 0, split)) && v.feed(Unpooled.wrappedBuffer(b, split, b.length - split))
                && v.complete();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "48656c6c6f", "c3a9", "e282ac", "f09f9880", "cebae1bdb9cf83cebcceb5", "f48fbfbf",
        "c0af", "c1bf", "e080af", "eda080", "edbfbf", "f08fbfbf", "f4908080", "f5", "ff", "80", "c3", "e282", "f09f98",
        "48656c6c6fc328", "4142434445464748c3a9", "41424344454647484950c0"})
    void agreesWithTheJdkAtEverySplit(String hex) {
        byte[] b = HexFormat.of().parseHex(hex);
        for (int split = 0; split <= b.length; split++) {
            assertThat(valid(b, split)).as("%s split at %d", hex, split).isEqualTo(jdkAccepts(b));
        }
    }

    @Test
    void agreesWithTheJdkOnRandomBytes() {
        Random random = new Random(7);
        for (int n = 0; n < 20_000; n++) {
            byte[] b = new byte[random.nextInt(24)];
            for (int i = 0; i < b.length; i++) {
                // mostly ASCII and lead/continuation bytes, so valid sequences occur too
                b[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(128) : 0x80 + random.nextInt(128));
            }
            assertThat(valid(b, b.length / 2)).as(HexFormat.of().formatHex(b)).isEqualTo(jdkAccepts(b));
        }
    }

    @Test
    void anOpenSequenceIsNotACompleteMessage() {
        WsUtf8 v = new WsUtf8();
        v.reset();

        assertThat(v.feed(Unpooled.wrappedBuffer(new byte[] {(byte) 0xe2, (byte) 0x82}))).isTrue();
        assertThat(v.complete()).isFalse();
    }
}
