package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * The constants of the httpteleport wire format (Go's httpteleport on fastrpc), shared by the
 * server carrier and the client: the 15-byte handshake each side sends (sniff header, version,
 * the compression of the stream that side writes, TLS flag) and the 4-byte little-endian id that
 * precedes every HTTP/1.1 message. Id 0 is fire-and-forget: the server sends no response.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class TeleportWire {
    /** The 12 ASCII bytes every handshake starts with. */
    public static final byte[] SNIFF = Ascii.bytes("httpteleport");
    /** The only protocol version httpteleport has. */
    public static final int VERSION = 0;
    /** Compression byte: raw DEFLATE, sync-flushed at each batch. */
    public static final int FLATE = 0;
    /** Compression byte: none. */
    public static final int NONE = 1;
    /** Compression byte: the snappy framing format. */
    public static final int SNAPPY = 2;
    /** Bytes of a handshake. */
    public static final int HANDSHAKE_LENGTH = 15;
    /** Bytes of a message id. */
    public static final int ID_LENGTH = 4;

    private TeleportWire() {
    }

    /** Appends a handshake declaring {@code compression} for what this side writes, and the TLS flag. */
    public static void writeHandshake(ByteBuf out, int compression, int tls) {
        out.writeBytes(SNIFF).writeByte(VERSION).writeByte(compression).writeByte(tls);
    }

    /**
     * Checks the handshake at {@code in}'s reader index (15 readable bytes, not consumed).
     *
     * @return null when valid, else why not
     */
    public static String checkHandshake(ByteBuf in) {
        int at = in.readerIndex();
        for (int i = 0; i < SNIFF.length; i++) {
            if (in.getByte(at + i) != SNIFF[i]) {
                return "not an httpteleport handshake";
            }
        }
        if (in.getByte(at + 12) != VERSION) {
            return "unknown protocol version " + in.getUnsignedByte(at + 12);
        }
        int compression = in.getUnsignedByte(at + 13);
        if (compression != FLATE && compression != NONE && compression != SNAPPY) {
            return "unknown compression " + compression;
        }
        int tls = in.getUnsignedByte(at + 14);
        return tls > 1 ? "bad TLS flag " + tls : null;
    }

    /** The name of a compression byte, for logs and errors. */
    public static String compressionName(int compression) {
        return switch (compression) {
            case FLATE -> "flate";
            case NONE -> "none";
            case SNAPPY -> "snappy";
            default -> "unknown(" + compression + ")";
        };
    }
}
