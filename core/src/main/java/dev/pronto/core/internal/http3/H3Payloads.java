package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http3.Http3ErrorCode;

/**
 * Checks a whole frame payload the way RFC 9114 §7.1 wants it and Netty's HTTP/3 codec does not: every
 * field ends exactly at the payload's end (a value running past it, or bytes left after it, are
 * H3_FRAME_ERROR; a PRIORITY_UPDATE's element id too), SETTINGS identifiers are neither repeated nor
 * HTTP/2's (H3_SETTINGS_ERROR), and a QPACK field section (RFC 9204 §4.5) ends on a field line's boundary
 * (QPACK_DECOMPRESSION_FAILED), so the codec never waits for bytes of a frame that has ended. Stateless;
 * reads without moving indexes.
 */
final class H3Payloads {
    static final long SETTINGS = 0x4;
    static final long HEADERS = 0x1;
    static final long CANCEL_PUSH = 0x3;
    static final long GOAWAY = 0x7;
    static final long MAX_PUSH_ID = 0xd;
    /** RFC 9218 §7.2: PRIORITY_UPDATE for a request stream, and for a push stream. */
    static final long PRIORITY_UPDATE = 0xF0700;
    static final long PRIORITY_UPDATE_PUSH = 0xF0701;
    /** Netty's own limit for a SETTINGS payload; a larger one is the codec's H3_EXCESSIVE_LOAD. */
    static final int MAX_SETTINGS = 256;
    /**
     * The largest PRIORITY_UPDATE payload read; a larger one is H3_EXCESSIVE_LOAD. An id and {@code u=7, i} take
     * 14 bytes: this leaves room for extension parameters while bounding what a client makes the server copy.
     */
    static final int MAX_PRIORITY_UPDATE = 1024;
    /** Integers above this in a field section are not lengths or indexes any table has. */
    private static final long MAX_QPACK_INT = Integer.MAX_VALUE;

    private H3Payloads() {
    }

    /** Whether a frame of {@code type} is checked whole here (its payload is collected first). */
    static boolean checkedWhole(long type) {
        return type == SETTINGS || type == CANCEL_PUSH || type == GOAWAY || type == MAX_PUSH_ID
                || isPriorityUpdate(type);
    }

    /** Whether {@code type} is either of RFC 9218's PRIORITY_UPDATE frames. */
    static boolean isPriorityUpdate(long type) {
        return type == PRIORITY_UPDATE || type == PRIORITY_UPDATE_PUSH;
    }

    /** The error of the payload {@code p[from, from+len)} of a frame of {@code type}, or null when it is sound. */
    static Http3ErrorCode check(long type, ByteBuf p, int from, int len) {
        if (type == SETTINGS) {
            return settings(p, from, len);
        }
        if (type == HEADERS) {
            return fieldSection(p, from, from + len) ? null : Http3ErrorCode.QPACK_DECOMPRESSION_FAILED;
        }
        if (isPriorityUpdate(type)) {
            // an element id, then a field value of any length (empty: every parameter's default)
            return len > 0 && H3Varint.length(p.getByte(from)) <= len ? null : Http3ErrorCode.H3_FRAME_ERROR;
        }
        // CANCEL_PUSH, GOAWAY, MAX_PUSH_ID: one variable-length integer and nothing else
        return len > 0 && H3Varint.length(p.getByte(from)) == len ? null : Http3ErrorCode.H3_FRAME_ERROR;
    }

    private static Http3ErrorCode settings(ByteBuf p, int from, int len) {
        long[] seen = new long[len / 2 + 1];
        int count = 0;
        int at = from;
        int end = from + len;
        while (at < end) {
            int idLen = H3Varint.length(p.getByte(at));
            if (at + idLen >= end || at + idLen + H3Varint.length(p.getByte(at + idLen)) > end) {
                return Http3ErrorCode.H3_FRAME_ERROR;
            }
            long id = H3Varint.read(p, at, idLen);
            at += idLen;
            at += H3Varint.length(p.getByte(at));
            // RFC 9114 §7.2.4.1: HTTP/2's identifiers are reserved, and no identifier may appear twice
            if (id == 0 || (id >= 2 && id <= 5)) {
                return Http3ErrorCode.H3_SETTINGS_ERROR;
            }
            for (int i = 0; i < count; i++) {
                if (seen[i] == id) {
                    return Http3ErrorCode.H3_SETTINGS_ERROR;
                }
            }
            seen[count++] = id;
        }
        return null;
    }

    /**
     * Walks the representations of a field section (RFC 9204 §4.5): its prefix, then indexed lines and
     * literals, each integer and string wholly inside {@code [at, end)}.
     */
    private static boolean fieldSection(ByteBuf p, int at, int end) {
        long[] cursor = {at};
        if (prefixInt(p, cursor, end, 8) < 0 || prefixInt(p, cursor, end, 7) < 0) {
            return false;
        }
        while (cursor[0] < end) {
            int b = p.getByte((int) cursor[0]) & 0xff;
            boolean ok;
            if ((b & 0x80) != 0) {
                ok = prefixInt(p, cursor, end, 6) >= 0;                        // indexed field line
            } else if ((b & 0x40) != 0) {
                ok = prefixInt(p, cursor, end, 4) >= 0 && string(p, cursor, end, 7); // literal, name reference
            } else if ((b & 0x20) != 0) {
                ok = string(p, cursor, end, 3) && string(p, cursor, end, 7);   // literal, literal name
            } else if ((b & 0x10) != 0) {
                ok = prefixInt(p, cursor, end, 4) >= 0;                        // indexed, post-base
            } else {
                ok = prefixInt(p, cursor, end, 3) >= 0 && string(p, cursor, end, 7); // literal, post-base name
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A string literal whose length has a {@code bits}-bit prefix; advances the cursor past it. */
    private static boolean string(ByteBuf p, long[] cursor, int end, int bits) {
        long n = prefixInt(p, cursor, end, bits);
        if (n < 0 || cursor[0] + n > end) {
            return false;
        }
        cursor[0] += n;
        return true;
    }

    /** An RFC 7541 §5.1 integer with a {@code bits}-bit prefix at the cursor, or -1 when it runs past {@code end}. */
    private static long prefixInt(ByteBuf p, long[] cursor, int end, int bits) {
        int at = (int) cursor[0];
        if (at >= end) {
            return -1;
        }
        int mask = (1 << bits) - 1;
        long value = p.getByte(at++) & mask;
        if (value == mask) {
            int shift = 0;
            int b;
            do {
                if (at >= end || shift > 28) {
                    return -1;
                }
                b = p.getByte(at++) & 0xff;
                value += (long) (b & 0x7f) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
        }
        cursor[0] = at;
        return value > MAX_QPACK_INT ? -1 : value;
    }
}
