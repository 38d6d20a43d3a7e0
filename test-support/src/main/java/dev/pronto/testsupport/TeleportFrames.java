package dev.pronto.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.Deflater;

/**
 * httpteleport's wire format written out by hand for tests, independently of the server's and client's own
 * encoders: the 15-byte handshake (sniff header {@code httpteleport}, version 0, the compression the sender
 * writes, the TLS flag) and messages of a 4-byte little-endian id followed by one HTTP/1.1 message. Static
 * functions; any thread.
 */
public final class TeleportFrames {
    /** Hex with spaces between bytes, as the constants here are written. */
    public static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    /** How many bytes each side's handshake has. */
    public static final int HANDSHAKE_LENGTH = 15;
    /** The handshake of a peer writing {@code none}, without TLS. */
    public static final String HANDSHAKE_NONE = "68 74 74 70 74 65 6c 65 70 6f 72 74 00 01 00";
    /** The handshake of a peer writing {@code flate} (raw DEFLATE, sync-flushed), without TLS. */
    public static final String HANDSHAKE_FLATE = "68 74 74 70 74 65 6c 65 70 6f 72 74 00 00 00";
    /** The handshake of a peer writing {@code snappy} (the snappy framing format), without TLS. */
    public static final String HANDSHAKE_SNAPPY = "68 74 74 70 74 65 6c 65 70 6f 72 74 00 02 00";

    private TeleportFrames() {
    }

    /** One message: {@code id} as a little-endian uint32, then {@code message} (ISO-8859-1). */
    public static byte[] frame(int id, String message) {
        byte[] msg = message.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[4 + msg.length];
        out[0] = (byte) id;
        out[1] = (byte) (id >>> 8);
        out[2] = (byte) (id >>> 16);
        out[3] = (byte) (id >>> 24);
        System.arraycopy(msg, 0, out, 4, msg.length);
        return out;
    }

    /** {@code bytes} as one raw-DEFLATE stream, sync-flushed and never finished, as a flate peer writes. */
    public static byte[] deflate(byte[] bytes) {
        Deflater d = new Deflater(Deflater.BEST_SPEED, true);
        d.setInput(bytes);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = d.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH)) > 0) {
            compressed.write(buf, 0, n);
        }
        d.end();
        return compressed.toByteArray();
    }

    /**
     * Reads the next response message from {@code in} (already decompressed): its id, then an HTTP/1.1
     * response framed by Content-Length (what a teleport server must send; none means an empty body).
     *
     * @return {@code "id status body"}, the body as ISO-8859-1
     * @throws IOException when the stream ends or fails first
     */
    public static String readResponse(DataInputStream in) throws IOException {
        int id = Integer.reverseBytes(in.readInt());
        StringBuilder head = new StringBuilder();
        while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
            head.append((char) in.readUnsignedByte());
        }
        String text = head.toString();
        int status = Integer.parseInt(text.substring(9, 12));
        int at = text.toLowerCase(Locale.ROOT).indexOf("\r\ncontent-length:");
        int length = at < 0 ? 0 : Integer.parseInt(text.substring(at + 17, text.indexOf('\r', at + 2)).trim());
        return id + " " + status + " " + new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    }
}
