package dev.pronto.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The hand-written frames against the bytes httpteleport.md §4 observed from Go's client and server. */
class TeleportFramesTest {
    @Test
    void framesTheFirstRequestAsGosClientDoes() {
        byte[] frame = TeleportFrames.frame(1, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");

        assertThat(frame).hasSize(39);
        assertThat(TeleportFrames.HEX.formatHex(frame, 0, 4)).isEqualTo("01 00 00 00");
    }

    @Test
    void writesTheIdLittleEndian() {
        assertThat(TeleportFrames.HEX.formatHex(TeleportFrames.frame(0x01020304, ""))).isEqualTo("04 03 02 01");
    }

    @Test
    void readsAResponseFramedByContentLength() throws Exception {
        byte[] wire = TeleportFrames.frame(1, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\n"
                + "Hello, World!" + "next");

        String response = TeleportFrames.readResponse(new DataInputStream(new ByteArrayInputStream(wire)));

        assertThat(response).isEqualTo("1 200 Hello, World!");
    }

    @Test
    void handshakesDifferOnlyInTheCompressionByte() {
        byte[] none = TeleportFrames.HEX.parseHex(TeleportFrames.HANDSHAKE_NONE);

        assertThat(none).hasSize(TeleportFrames.HANDSHAKE_LENGTH);
        assertThat(new String(none, 0, 12, StandardCharsets.US_ASCII)).isEqualTo("httpteleport");
        assertThat(TeleportFrames.HEX.parseHex(TeleportFrames.HANDSHAKE_FLATE)[13]).isZero();
        assertThat(TeleportFrames.HEX.parseHex(TeleportFrames.HANDSHAKE_SNAPPY)[13]).isEqualTo((byte) 2);
        assertThat(none[13]).isEqualTo((byte) 1);
    }
}
