package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;

/**
 * RFC 6455 §5.2 frame parser for connections without extensions, in place of Netty's
 * {@code WebSocket13FrameDecoder}: frames are unmasked in the socket's own buffer (8 bytes at a time)
 * and handed over as views of it, so a message costs no frame object, no payload copy and no pipeline
 * hop; bytes are kept only while a frame is incomplete. Checks what Netty's decoder checks (reserved
 * bits and opcodes, masking, fragment sequence, control frame rules, minimal lengths, the close body)
 * and reports the first violation once; input after it is dropped. Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsDecoder {
    /** Opcode 0 (RFC 6455 §5.2). */
    public static final int CONTINUATION = 0;
    /** Opcode 1 (RFC 6455 §5.2). */
    public static final int TEXT = 1;
    /** Opcode 2 (RFC 6455 §5.2). */
    public static final int BINARY = 2;
    /** Opcode 8 (RFC 6455 §5.2). */
    public static final int CLOSE = 8;
    /** Opcode 9 (RFC 6455 §5.2). */
    public static final int PING = 9;
    /** Opcode 10 (RFC 6455 §5.2). */
    public static final int PONG = 10;

    /** Where frames go; every payload is borrowed for the call only. */
    public interface Sink {
        /** A text, binary or continuation frame. */
        void data(int opcode, ByteBuf payload, boolean fin);

        /** A close, ping or pong frame; a close body has been validated. */
        void control(int opcode, ByteBuf payload);

        /** The peer broke the protocol: fail the connection with {@code status}. */
        void violation(WebSocketCloseStatus status, String why);
    }

    private final boolean expectMasked;
    private final long maxPayload;
    /** Unfinished frame bytes carried over to the next read, null when none. */
    private ByteBuf carry;
    private boolean fragmented;
    private boolean failed;

    /**
     * A parser for the {@code role} end of a connection: a server expects masked frames, a client unmasked.
     *
     * @param maxPayload the largest frame payload accepted; a larger one is a 1009 violation
     */
    public WsDecoder(WsRole role, long maxPayload) {
        this.expectMasked = role == WsRole.SERVER;
        this.maxPayload = maxPayload;
    }

    /** Parses every complete frame of {@code in} (which it releases) and keeps the rest. */
    public void decode(ByteBuf in, ByteBufAllocator alloc, Sink sink) {
        if (failed) {
            in.release();
            return;
        }
        ByteBuf buf = in;
        if (carry == null && in.isReadOnly()) {
            // frames are unmasked in place: a read-only buffer (never the socket's) is copied first
            carry = alloc.buffer(0);
        }
        if (carry != null) {
            buf = carry.isWritable(in.readableBytes()) ? carry : grow(alloc, in.readableBytes());
            buf.writeBytes(in);
            in.release();
            carry = null;
        }
        try {
            while (!failed && frame(buf, sink)) {
                // next frame
            }
        } finally {
            if (!failed && buf.isReadable()) {
                carry = buf.discardReadBytes();
            } else {
                buf.release();
            }
        }
    }

    /** Doubles, so a large frame arriving in many reads is copied O(size) times in all, not O(size²). */
    private ByteBuf grow(ByteBufAllocator alloc, int more) {
        long needed = (long) carry.readableBytes() + more;
        long doubled = Math.min(2L * carry.capacity(), maxPayload + 14);
        ByteBuf bigger = alloc.buffer((int) Math.min(Integer.MAX_VALUE - 8, Math.max(256, Math.max(needed, doubled))));
        bigger.writeBytes(carry);
        carry.release();
        return bigger;
    }

    /** Parses one frame at the reader index; false when it is not complete yet. */
    private boolean frame(ByteBuf buf, Sink sink) {
        int at = buf.readerIndex();
        int available = buf.writerIndex() - at;
        if (available < 2) {
            return false;
        }
        int b0 = buf.getByte(at);
        int b1 = buf.getByte(at + 1);
        int opcode = b0 & 0x0f;
        boolean fin = (b0 & 0x80) != 0;
        boolean masked = (b1 & 0x80) != 0;
        int len7 = b1 & 0x7f;
        int header = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + (masked ? 4 : 0);
        if (available < header) {
            return false;
        }
        long length = len7 == 126 ? buf.getUnsignedShort(at + 2) : len7 == 127 ? buf.getLong(at + 2) : len7;
        String bad = WsFrameRules.check(b0, masked == expectMasked, len7, length, fragmented);
        if (bad != null) {
            return fail(sink, WebSocketCloseStatus.PROTOCOL_ERROR, bad);
        }
        if (length > maxPayload) {
            return fail(sink, WebSocketCloseStatus.MESSAGE_TOO_BIG, "Max frame length of " + maxPayload + " has been exceeded.");
        }
        if (available - header < length) {
            return false;
        }
        int start = at + header;
        int end = start + (int) length;
        if (masked) {
            unmask(buf, buf.getInt(start - 4), start, end);
        }
        buf.readerIndex(end);
        if (opcode < CLOSE) {
            fragmented = !fin;
            int writer = buf.writerIndex();
            buf.setIndex(start, end);
            try {
                sink.data(opcode, buf, fin);
            } finally {
                buf.setIndex(end, writer);
            }
            return true;
        }
        return control(buf, opcode, start, end, sink);
    }

    private boolean control(ByteBuf buf, int opcode, int start, int end, Sink sink) {
        if (opcode == CLOSE) {
            String bad = WsFrameRules.closeBody(buf, start, end);
            if (bad != null) {
                boolean utf8 = bad.startsWith(WsFrameRules.INVALID_UTF8);
                return fail(sink, utf8 ? WebSocketCloseStatus.INVALID_PAYLOAD_DATA : WebSocketCloseStatus.PROTOCOL_ERROR, bad);
            }
        }
        ByteBuf payload = buf.retainedSlice(start, end - start);
        try {
            sink.control(opcode, payload);
        } finally {
            payload.release();
        }
        return true;
    }

    private boolean fail(Sink sink, WebSocketCloseStatus status, String why) {
        failed = true;
        sink.violation(status, why);
        return false;
    }

    /** XORs {@code [start, end)} with the 4-byte {@code mask}, a long at a time. */
    public static void unmask(ByteBuf buf, int mask, int start, int end) {
        long mask8 = ((long) mask << 32) | (mask & 0xffffffffL);
        int i = start;
        for (; i + 8 <= end; i += 8) {
            buf.setLong(i, buf.getLong(i) ^ mask8);
        }
        if (i + 4 <= end) {
            buf.setInt(i, buf.getInt(i) ^ mask);
            i += 4;
        }
        for (int k = 0; i < end; i++, k++) {
            buf.setByte(i, buf.getByte(i) ^ (mask >>> (24 - 8 * k)));
        }
    }

    /** The connection is gone: drops the carried bytes. */
    public void release() {
        failed = true;
        if (carry != null) {
            carry.release();
            carry = null;
        }
    }
}
