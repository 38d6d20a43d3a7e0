package dev.pronto.core.internal.http2;

import io.netty.buffer.ByteBuf;
import io.netty.util.AsciiString;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes response HEADERS frames whose header block uses only HPACK's static table and literals
 * without indexing (RFC 7541 §6.1, §6.2.2), never the dynamic table. Such a block leaves both HPACK
 * contexts untouched, so it can go out between blocks Netty's encoder writes on the same connection,
 * and it costs no Huffman coding and no table search: names are static indices, values are copied.
 * The block is a few dozen bytes longer than a dynamically indexed one. Only valid while the peer
 * keeps the default table size: a peer that changes SETTINGS_HEADER_TABLE_SIZE expects a size
 * update first, so {@link H2Connection} then leaves all blocks to Netty's encoder.
 */
final class H2HeaderBlock {
    static final int FRAME_HEADER = 9;
    static final int DATA = 0x0;
    static final int HEADERS = 0x1;
    static final int END_STREAM = 0x1;
    static final int END_HEADERS = 0x4;
    private static final String[] STATIC_NAMES = {
        ":authority", ":method", ":method", ":path", ":path", ":scheme", ":scheme", ":status", ":status",
        ":status", ":status", ":status", ":status", ":status", "accept-charset", "accept-encoding",
        "accept-language", "accept-ranges", "accept", "access-control-allow-origin", "age", "allow",
        "authorization", "cache-control", "content-disposition", "content-encoding", "content-language",
        "content-length", "content-location", "content-range", "content-type", "cookie", "date", "etag",
        "expect", "expires", "from", "host", "if-match", "if-modified-since", "if-none-match", "if-range",
        "if-unmodified-since", "last-modified", "link", "location", "max-forwards", "proxy-authenticate",
        "proxy-authorization", "range", "referer", "refresh", "retry-after", "server", "set-cookie",
        "strict-transport-security", "transfer-encoding", "user-agent", "vary", "via", "www-authenticate",
    };
    private static final Integer CONTENT_LENGTH = 28;
    private static final Integer CONTENT_TYPE = 31;
    private static final Integer DATE = 33;
    private static final Map<AsciiString, Integer> NAME_INDEX = new HashMap<>();
    /** The static entry for each status that has one (RFC 7541 Appendix A), else 0. */
    private static final byte[] STATUS_INDEX = new byte[600];

    static {
        for (int i = STATIC_NAMES.length - 1; i >= 0; i--) {
            NAME_INDEX.put(AsciiString.cached(STATIC_NAMES[i]), i + 1);
        }
        int[] statuses = {200, 204, 206, 304, 400, 404, 500};
        for (int i = 0; i < statuses.length; i++) {
            STATUS_INDEX[statuses[i]] = (byte) (8 + i);
        }
    }

    private H2HeaderBlock() {
    }

    /**
     * Appends a HEADERS frame for {@code status} and the name/value pairs {@code fields[0..n)} to
     * {@code out}.
     *
     * @return false, with {@code out} unchanged, when the block is larger than {@code maxFrameSize}
     *     (it would need CONTINUATION frames; the caller leaves it to Netty)
     */
    static boolean writeHeaders(ByteBuf out, int streamId, int status, AsciiString[] fields, int flags,
                                int maxFrameSize) {
        int start = out.writerIndex();
        out.writerIndex(start + FRAME_HEADER);
        int index = STATUS_INDEX[status];
        if (index != 0) {
            out.writeByte(0x80 | index);
        } else {
            integer(out, 0x00, 4, 8);
            integer(out, 0x00, 7, 3);
            out.writeByte('0' + status / 100).writeByte('0' + status / 10 % 10).writeByte('0' + status % 10);
        }
        fields(out, fields);
        int length = out.writerIndex() - start - FRAME_HEADER;
        if (length > maxFrameSize) {
            out.writerIndex(start);
            return false;
        }
        frameHeader(out, start, length, flags | END_HEADERS, streamId);
        return true;
    }

    /**
     * Appends a trailing HEADERS frame (END_STREAM, no pseudo-header) for the name/value pairs
     * {@code fields}; the caller has checked with {@link #bound} that the block fits one frame.
     */
    static void writeTrailers(ByteBuf out, int streamId, AsciiString[] fields) {
        int start = out.writerIndex();
        out.writerIndex(start + FRAME_HEADER);
        fields(out, fields);
        frameHeader(out, start, out.writerIndex() - start - FRAME_HEADER, END_STREAM | END_HEADERS, streamId);
    }

    /** The most bytes the block of {@code fields} takes: each literal with two 5-byte length prefixes at worst. */
    static int bound(AsciiString[] fields) {
        int size = 0;
        for (int i = 0; i < fields.length; i += 2) {
            size += 1 + 5 + fields[i].length() + 5 + fields[i + 1].length();
        }
        return size;
    }

    private static void fields(ByteBuf out, AsciiString[] fields) {
        for (int i = 0; i < fields.length; i += 2) {
            field(out, fields[i], fields[i + 1]);
        }
    }

    private static void frameHeader(ByteBuf out, int start, int length, int flags, int streamId) {
        out.setMedium(start, length);
        out.setByte(start + 3, HEADERS);
        out.setByte(start + 4, flags);
        out.setInt(start + 5, streamId);
    }

    /** Sets END_STREAM on the frame that starts {@code out}'s readable bytes (a HEADERS frame with nothing after it). */
    static void endStream(ByteBuf out) {
        int flags = out.readerIndex() + 4;
        out.setByte(flags, out.getByte(flags) | END_STREAM);
    }

    /** Appends a DATA frame header for {@code length} bytes of payload. */
    static void writeDataHeader(ByteBuf out, int streamId, int length, int flags) {
        out.writeMedium(length);
        out.writeByte(DATA);
        out.writeByte(flags);
        out.writeInt(streamId);
    }

    private static void field(ByteBuf out, AsciiString name, AsciiString value) {
        Integer index = staticIndex(name);
        if (index != null) {
            integer(out, 0x00, 4, index);
        } else {
            out.writeByte(0x00);
            string(out, name);
        }
        string(out, value);
    }

    /** The static table entry naming {@code name}; the server's own names without a lookup. */
    private static Integer staticIndex(AsciiString name) {
        if (name == H2Responses.DATE) {
            return DATE;
        }
        if (name == H2Responses.CONTENT_TYPE) {
            return CONTENT_TYPE;
        }
        return name == H2Responses.CONTENT_LENGTH ? CONTENT_LENGTH : NAME_INDEX.get(name);
    }

    private static void string(ByteBuf out, AsciiString s) {
        integer(out, 0x00, 7, s.length());
        out.writeBytes(s.array(), s.arrayOffset(), s.length());
    }

    /** An integer with an {@code bits}-bit prefix after the {@code mask} bits (RFC 7541 §5.1). */
    private static void integer(ByteBuf out, int mask, int bits, int value) {
        int max = (1 << bits) - 1;
        if (value < max) {
            out.writeByte(mask | value);
            return;
        }
        out.writeByte(mask | max);
        int rest = value - max;
        while (rest >= 0x80) {
            out.writeByte((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.writeByte(rest);
    }
}
