package dev.pronto.testsupport;

import io.netty.handler.codec.http3.Http3ErrorCode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Hand-made HTTP/3 frames and QPACK field sections (literal fields only), for hostile-client tests over
 * {@link H3RawClient}. Static functions; any thread. Uses {@code netty-codec-http3} only for error-code names.
 */
public final class H3Wire {
    /** Frame type DATA. */
    public static final int DATA = 0x0;
    /** Frame type HEADERS. */
    public static final int HEADERS = 0x1;
    /** Frame type CANCEL_PUSH. */
    public static final int CANCEL_PUSH = 0x3;
    /** Frame type SETTINGS. */
    public static final int SETTINGS = 0x4;
    /** Frame type PUSH_PROMISE. */
    public static final int PUSH_PROMISE = 0x5;
    /** Frame type GOAWAY. */
    public static final int GOAWAY = 0x7;
    /** Frame type MAX_PUSH_ID. */
    public static final int MAX_PUSH_ID = 0xd;
    /** Frame type PRIORITY_UPDATE for a request stream (RFC 9218 §7.2). */
    public static final int PRIORITY_UPDATE = 0xF0700;
    /** Frame type PRIORITY_UPDATE for a push stream (RFC 9218 §7.2). */
    public static final int PRIORITY_UPDATE_PUSH = 0xF0701;

    private H3Wire() {
    }

    /** A QUIC variable-length integer in its shortest form. */
    public static byte[] varint(long v) {
        if (v < 64) {
            return new byte[] {(byte) v};
        }
        if (v < 16384) {
            return new byte[] {(byte) (0x40 | v >> 8), (byte) v};
        }
        return new byte[] {(byte) (0x80 | v >> 24), (byte) (v >> 16), (byte) (v >> 8), (byte) v};
    }

    /** A frame of {@code type} whose length field says {@code payload.length}. */
    public static byte[] frame(long type, byte[] payload) {
        return concat(varint(type), varint(payload.length), payload);
    }

    /** A frame of {@code type} whose payload is the bytes {@code payload}. */
    public static byte[] frame(long type, int... payload) {
        return frame(type, bytes(payload));
    }

    /** A frame whose length field says {@code declared}, followed by {@code payload} whatever its length. */
    public static byte[] frameDeclaring(long type, long declared, byte... payload) {
        return concat(varint(type), varint(declared), payload);
    }

    /** {@code values} as bytes, each cut to its low 8 bits. */
    public static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    /** {@code parts} one after another (see {@link Bytes#concat}). */
    public static byte[] concat(byte[]... parts) {
        return Bytes.concat(parts);
    }

    /** A field section (RFC 9204 §4.5) of literal fields with literal names: names and values alternate. */
    public static byte[] section(String... fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0); // Required Insert Count
        out.write(0); // Delta Base
        for (int i = 0; i < fields.length; i += 2) {
            byte[] name = fields[i].getBytes(StandardCharsets.ISO_8859_1);
            byte[] value = fields[i + 1].getBytes(StandardCharsets.ISO_8859_1);
            prefixInt(out, 0x20, 3, name.length);
            out.writeBytes(name);
            prefixInt(out, 0x00, 7, value.length);
            out.writeBytes(value);
        }
        return out.toByteArray();
    }

    /** A HEADERS frame with a GET of / and {@code extra} fields after the pseudo-header fields. */
    public static byte[] get(String... extra) {
        return frame(HEADERS, section(concat(new String[] {":method", "GET", ":scheme", "https",
                ":authority", "localhost", ":path", "/"}, extra)));
    }

    /** {@code a}, then {@code b}. */
    public static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static void prefixInt(ByteArrayOutputStream out, int flags, int bits, int value) {
        int max = (1 << bits) - 1;
        if (value < max) {
            out.write(flags | value);
            return;
        }
        out.write(flags | max);
        value -= max;
        while (value >= 128) {
            out.write(value & 0x7f | 0x80);
            value >>= 7;
        }
        out.write(value);
    }

    /** The DATA payloads of the frames in {@code raw}, as text; "?" when {@code raw} does not end on a frame. */
    public static String body(byte[] raw) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = 0;
        while (at < raw.length) {
            long[] type = read(raw, at);
            long[] len = read(raw, (int) type[1]);
            int start = (int) len[1];
            if (start + len[0] > raw.length) {
                return "?";
            }
            if (type[0] == DATA) {
                body.write(raw, start, (int) len[0]);
            }
            at = start + (int) len[0];
        }
        return body.toString(StandardCharsets.UTF_8);
    }

    private static long[] read(byte[] raw, int at) {
        int n = 1 << ((raw[at] & 0xff) >> 6);
        long v = raw[at] & 0x3f;
        for (int i = 1; i < n; i++) {
            v = v << 8 | (raw[at + i] & 0xff);
        }
        return new long[] {v, at + n};
    }

    /** The name of an HTTP/3 or QPACK error code, else the code in hex. */
    public static String name(long code) {
        for (Http3ErrorCode c : Http3ErrorCode.values()) {
            if (c.code() == code) {
                return c.name();
            }
        }
        return "0x" + Long.toHexString(code);
    }
}
