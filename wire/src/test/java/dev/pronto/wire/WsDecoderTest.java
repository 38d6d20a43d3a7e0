package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pronto's frame parser alone: frames in, what reaches the sink out. */
class WsDecoderTest {
    private static final int MAX = 1024;
    private final List<String> seen = new ArrayList<>();
    private final WsDecoder decoder = new WsDecoder(WsRole.SERVER, MAX);
    private final WsDecoder.Sink sink = new WsDecoder.Sink() {
        @Override
        public void data(int opcode, ByteBuf payload, boolean fin) {
            seen.add("data " + opcode + " " + fin + " " + payload.toString(StandardCharsets.ISO_8859_1));
        }

        @Override
        public void control(int opcode, ByteBuf payload) {
            seen.add("control " + opcode + " " + payload.readableBytes());
        }

        @Override
        public void violation(WebSocketCloseStatus status, String why) {
            seen.add("violation " + status.code());
        }
    };

    @AfterEach
    void releaseCarry() {
        decoder.release();
    }

    private void feed(byte[]... chunks) {
        for (byte[] c : chunks) {
            decoder.decode(ByteBufAllocator.DEFAULT.buffer(c.length).writeBytes(c), ByteBufAllocator.DEFAULT, sink);
        }
    }

    @Test
    void maskedTextArrivingOneByteAtATimeIsDeliveredOnceUnmasked() {
        byte[] frame = masked(0x81, "hello, world".getBytes(StandardCharsets.US_ASCII));
        for (byte b : frame) {
            feed(new byte[] {b});
        }
        assertThat(seen).containsExactly("data 1 true hello, world");
    }

    @Test
    void everyPayloadLengthUnmasksLikeTheBytewiseDefinition() {
        for (int n = 0; n < 40; n++) {
            byte[] payload = new byte[n];
            for (int i = 0; i < n; i++) {
                payload[i] = (byte) ('a' + i % 26);
            }
            seen.clear();
            feed(masked(0x82, payload));
            assertThat(seen).containsExactly("data 2 true " + new String(payload, StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void severalFramesInOneReadAreAllDelivered() {
        byte[] a = masked(0x01, "ab".getBytes(StandardCharsets.US_ASCII));
        byte[] b = masked(0x89, new byte[3]);
        byte[] c = masked(0x80, "cd".getBytes(StandardCharsets.US_ASCII));
        feed(concat(a, b, c));
        assertThat(seen).containsExactly("data 1 false ab", "control 9 3", "data 0 true cd");
    }

    @Test
    void reservedBitWithoutExtensionIsAProtocolError() {
        feed(masked(0xC1, new byte[1]));
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void unmaskedClientFrameIsAProtocolError() {
        feed(new byte[] {(byte) 0x81, 1, 'x'});
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void continuationOutsideAFragmentedMessageIsAProtocolError() {
        feed(masked(0x80, new byte[1]));
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void newMessageInsideAFragmentedOneIsAProtocolError() {
        feed(masked(0x01, new byte[1]), masked(0x81, new byte[1]));
        assertThat(seen).containsExactly("data 1 false \0", "violation 1002");
    }

    @Test
    void fragmentedOrOversizedControlFramesAreProtocolErrors() {
        feed(masked(0x09, new byte[1]));
        WsDecoder other = new WsDecoder(WsRole.SERVER, MAX);
        other.decode(Unpooled.wrappedBuffer(masked(0x89, new byte[126])), ByteBufAllocator.DEFAULT, sink);
        assertThat(seen).containsExactly("violation 1002", "violation 1002");
    }

    @Test
    void reservedOpcodeIsAProtocolError() {
        feed(masked(0x83, new byte[1]));
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void nonMinimalLengthEncodingIsAProtocolError() {
        feed(new byte[] {(byte) 0x82, (byte) (0x80 | 126), 0, 5, 1, 2, 3, 4, 0, 0, 0, 0, 0});
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void frameAnnouncingMoreThanTheLimitFailsWith1009BeforeItsPayloadArrives() {
        // only the header: the decoder must not wait for (and buffer) 1 MiB
        feed(new byte[] {(byte) 0x82, (byte) (0x80 | 127), 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4});
        assertThat(seen).containsExactly("violation 1009");
    }

    @Test
    void closeWithAnInvalidCodeIsAProtocolError() {
        feed(masked(0x88, new byte[] {0x03, (byte) 0xEC}));  // 1004 is reserved
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void closeWithAReasonThatIsNotUtf8Fails1007() {
        feed(masked(0x88, new byte[] {0x03, (byte) 0xE8, (byte) 0xC0, (byte) 0x80}));
        assertThat(seen).containsExactly("violation 1007");
    }

    @Test
    void closeWithOneBytePayloadIsAProtocolError() {
        feed(masked(0x88, new byte[] {0x03}));
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void inputAfterAViolationIsDropped() {
        feed(masked(0xC1, new byte[1]), masked(0x81, new byte[1]));
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void readOnlyInputIsCopiedBeforeUnmasking() {
        byte[] frame = masked(0x81, "ro".getBytes(StandardCharsets.US_ASCII));
        decoder.decode(Unpooled.wrappedBuffer(frame).asReadOnly(), ByteBufAllocator.DEFAULT, sink);
        assertThat(seen).containsExactly("data 1 true ro");
    }

    @Test
    void unmaskedFramesAreExpectedOnTheClientSide() {
        WsDecoder client = new WsDecoder(WsRole.CLIENT, MAX);
        client.decode(Unpooled.wrappedBuffer(new byte[] {(byte) 0x81, 2, 'o', 'k'}), ByteBufAllocator.DEFAULT, sink);
        assertThat(seen).containsExactly("data 1 true ok");
    }

    /** A masked frame whose first byte is exactly {@code b0} (FIN, RSV bits, opcode), as a client sends it. */
    private static byte[] masked(int b0, byte[] payload) {
        int n = payload.length;
        int lengthBytes = n < 126 ? 0 : n < 65536 ? 2 : 8;
        ByteBuf f = Unpooled.buffer(2 + lengthBytes + 4 + n);
        f.writeByte(b0);
        if (n < 126) {
            f.writeByte(0x80 | n);
        } else if (n < 65536) {
            f.writeByte(0x80 | 126).writeShort(n);
        } else {
            f.writeByte(0x80 | 127).writeLong(n);
        }
        byte[] mask = new byte[4];
        ThreadLocalRandom.current().nextBytes(mask);
        f.writeBytes(mask);
        for (int k = 0; k < n; k++) {
            f.writeByte(payload[k] ^ mask[k & 3]);
        }
        byte[] out = new byte[f.readableBytes()];
        f.readBytes(out);
        f.release();
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuf all = Unpooled.buffer();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        byte[] out = new byte[all.readableBytes()];
        all.readBytes(out);
        return out;
    }
}
