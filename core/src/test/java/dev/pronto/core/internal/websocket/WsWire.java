package dev.pronto.core.internal.websocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** A client's view of RFC 6455 on the wire, for tests: masked frames out, server frames parsed. */
public final class WsWire {
    public static final int CONT = 0;
    public static final int TEXT = 1;
    public static final int BINARY = 2;
    public static final int CLOSE = 8;
    public static final int PING = 9;
    public static final int PONG = 10;
    public static final String KEY = "dGhlIHNhbXBsZSBub25jZQ==";
    public static final String ACCEPT = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";

    private WsWire() {
    }

    /** A parsed server frame. */
    public record Frame(int opcode, boolean fin, byte[] payload) {
        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        /** The close code of a close frame, or -1. */
        public int closeCode() {
            return payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : -1;
        }
    }

    public static String upgrade(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + KEY + "\r\nSec-WebSocket-Version: 13\r\n\r\n";
    }

    public static byte[] frame(int opcode, boolean fin, byte[] payload) {
        return frame(opcode, fin, payload, true);
    }

    /** One frame as a client sends it (masked unless {@code masked} is false, for negative tests). */
    public static byte[] frame(int opcode, boolean fin, byte[] payload, boolean masked) {
        int n = payload.length;
        int header = 2 + (n < 126 ? 0 : n < 65536 ? 2 : 8) + (masked ? 4 : 0);
        byte[] out = new byte[header + n];
        out[0] = (byte) ((fin ? 0x80 : 0) | opcode);
        int i = 2;
        if (n < 126) {
            out[1] = (byte) n;
        } else if (n < 65536) {
            out[1] = 126;
            out[i++] = (byte) (n >>> 8);
            out[i++] = (byte) n;
        } else {
            out[1] = 127;
            for (int s = 56; s >= 0; s -= 8) {
                out[i++] = (byte) (((long) n) >>> s);
            }
        }
        byte[] mask = new byte[4];
        if (masked) {
            out[1] |= (byte) 0x80;
            ThreadLocalRandom.current().nextBytes(mask);
            System.arraycopy(mask, 0, out, i, 4);
            i += 4;
        }
        for (int k = 0; k < n; k++) {
            out[i + k] = (byte) (payload[k] ^ mask[k & 3]);
        }
        return out;
    }

    public static byte[] text(String s) {
        return frame(TEXT, true, s.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] close(int code, String reason) {
        byte[] r = reason.getBytes(StandardCharsets.UTF_8);
        byte[] p = new byte[2 + r.length];
        p[0] = (byte) (code >>> 8);
        p[1] = (byte) code;
        System.arraycopy(r, 0, p, 2, r.length);
        return frame(CLOSE, true, p);
    }

    /** Parses every complete frame in {@code in} (consumed), leaving a partial one. */
    public static List<Frame> parse(ByteBuf in) {
        List<Frame> frames = new ArrayList<>();
        while (in.readableBytes() >= 2) {
            int start = in.readerIndex();
            int b0 = in.getByte(start) & 0xff;
            int b1 = in.getByte(start + 1) & 0xff;
            int len = b1 & 0x7f;
            int at = start + 2;
            long n = len;
            if (len == 126) {
                if (in.readableBytes() < 4) {
                    break;
                }
                n = in.getUnsignedShort(at);
                at += 2;
            } else if (len == 127) {
                if (in.readableBytes() < 10) {
                    break;
                }
                n = in.getLong(at);
                at += 8;
            }
            if (in.writerIndex() - at < n) {
                break;
            }
            byte[] p = new byte[(int) n];
            in.getBytes(at, p);
            in.readerIndex(at + (int) n);
            frames.add(new Frame(b0 & 0x0f, (b0 & 0x80) != 0, p));
        }
        return frames;
    }

    public static ByteBuf buf(byte[]... parts) {
        return Unpooled.wrappedBuffer(parts);
    }
}
