package dev.pronto.core.internal.teleport;

import static dev.pronto.core.internal.teleport.TeleportFixtures.GET_ROOT;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_FLATE;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HANDSHAKE_SNAPPY;
import static dev.pronto.core.internal.teleport.TeleportFixtures.HEX;
import static dev.pronto.core.internal.teleport.TeleportFixtures.concat;
import static dev.pronto.core.internal.teleport.TeleportFixtures.frame;
import static dev.pronto.core.internal.teleport.TeleportFixtures.inflate;
import static dev.pronto.core.internal.teleport.TeleportFixtures.storedBlockThenSyncFlush;
import static dev.pronto.core.internal.teleport.TeleportFixtures.text;
import static dev.pronto.core.internal.teleport.TeleportFixtures.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.compression.SnappyFrameDecoder;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.CRC32C;
import java.util.zip.Inflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Flate and snappy streams (httpteleport.md §3), with input bytes written out by hand. */
class TeleportCompressionTest {
    private static final String RESPONSE = "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 13\r\nDate: *\r\n\r\nHello, World!";
    private EmbeddedChannel ch;
    private final Inflater inflater = new Inflater(true);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
        inflater.end();
    }

    private EmbeddedChannel connect(String handshake) {
        ch = TeleportFixtures.connected(TeleportFixtures.server(r -> r.get("/", (req, res) -> res.send("Hello, World!"))),
                handshake);
        return ch;
    }

    private byte[] send(byte[] bytes) {
        ch.writeInbound(Unpooled.wrappedBuffer(bytes));
        return written(ch);
    }

    @Test
    void readsAStoredDeflateBlockAndAnswersWithASyncFlushedBatch() throws Exception {
        connect(HANDSHAKE_FLATE);
        byte[] in = storedBlockThenSyncFlush(frame(1, GET_ROOT));
        assertThat(HEX.formatHex(in, 0, 5)).isEqualTo("00 27 00 d8 ff");

        byte[] out = send(in);

        assertThat(HEX.formatHex(out, out.length - 4, out.length)).isEqualTo("00 00 ff ff");
        assertThat(text(inflate(inflater, out))).isEqualTo("\1\0\0\0" + RESPONSE);
    }

    @Test
    void keepsOneDeflateWindowAcrossBatches() throws Exception {
        connect(HANDSHAKE_FLATE);
        byte[] first = send(storedBlockThenSyncFlush(frame(1, GET_ROOT)));
        byte[] second = send(storedBlockThenSyncFlush(frame(2, GET_ROOT)));

        assertThat(text(inflate(inflater, first))).startsWith("\1\0\0\0");
        assertThat(text(inflate(inflater, second))).isEqualTo("\2\0\0\0" + RESPONSE);
        assertThat(second.length).isLessThan(first.length / 3);
    }

    @Test
    void inflatesADeflateStreamArrivingByteByByte() throws Exception {
        connect(HANDSHAKE_FLATE);
        byte[] in = storedBlockThenSyncFlush(concat(frame(1, GET_ROOT), frame(2, GET_ROOT)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : in) {
            out.writeBytes(send(new byte[] {b}));
        }

        assertThat(text(inflate(inflater, out.toByteArray()))).isEqualTo("\1\0\0\0" + RESPONSE + "\2\0\0\0" + RESPONSE);
    }

    @Test
    void readsASnappyStreamOfStoredChunksAndAnswersInSnappy() {
        connect(HANDSHAKE_SNAPPY);
        byte[] message = frame(1, GET_ROOT);
        byte[] in = concat(HEX.parseHex("ff 06 00 00 73 4e 61 50 70 59"), storedChunk(message));
        assertThat(HEX.formatHex(in, 10, 14)).isEqualTo("01 2b 00 00");

        byte[] out = send(in);

        assertThat(HEX.formatHex(out, 0, 10)).isEqualTo("ff 06 00 00 73 4e 61 50 70 59");
        assertThat(text(unsnappy(out))).isEqualTo("\1\0\0\0" + RESPONSE);
    }

    @Test
    void closesOnASnappyChunkWithABadChecksum() {
        connect(HANDSHAKE_SNAPPY);
        byte[] chunk = storedChunk(frame(1, GET_ROOT));
        chunk[4] ^= 1;

        byte[] out = send(concat(HEX.parseHex("ff 06 00 00 73 4e 61 50 70 59"), chunk));

        assertThat(out).isEmpty();
        assertThat(ch.isActive()).isFalse();
    }

    @Test
    void closesOnACorruptDeflateStream() {
        connect(HANDSHAKE_FLATE);

        byte[] out = send(HEX.parseHex("ff ff ff ff ff ff ff ff"));

        assertThat(out).isEmpty();
        assertThat(ch.isActive()).isFalse();
    }

    /** A snappy stored chunk (type 1): 3-byte length, masked CRC-32C of the data, the data. */
    static byte[] storedChunk(byte[] data) {
        CRC32C crc = new CRC32C();
        crc.update(data);
        int c = (int) crc.getValue();
        int masked = ((c >>> 15) | (c << 17)) + 0xa282ead8;
        int n = data.length + 4;
        byte[] head = {0x01, (byte) n, (byte) (n >>> 8), (byte) (n >>> 16),
            (byte) masked, (byte) (masked >>> 8), (byte) (masked >>> 16), (byte) (masked >>> 24)};
        return concat(head, data);
    }

    private static byte[] unsnappy(byte[] in) {
        EmbeddedChannel decoder = new EmbeddedChannel(new SnappyFrameDecoder(true));
        decoder.writeInbound(Unpooled.wrappedBuffer(in));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuf b;
        while ((b = decoder.readInbound()) != null) {
            byte[] bytes = new byte[b.readableBytes()];
            b.readBytes(bytes);
            b.release();
            out.writeBytes(bytes);
        }
        decoder.finishAndReleaseAll();
        return out.toByteArray();
    }

    static byte[] copy(byte[] b, int from) {
        return Arrays.copyOfRange(b, from, b.length);
    }
}
