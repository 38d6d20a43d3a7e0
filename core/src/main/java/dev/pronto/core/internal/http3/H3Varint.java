package dev.pronto.core.internal.http3;

/**
 * QUIC variable-length integers (RFC 9000 §16), the one decoder of them: read whole from a buffer
 * ({@link #read}), or one byte at a time, so a frame header split across
 * buffers needs no copy. Reused for every integer of a stream; event loop only.
 */
final class H3Varint {
    private int left;
    private long value;

    /** Takes the next byte; true once the integer is complete ({@link #value()}), and then ready for the next. */
    boolean feed(byte b) {
        if (left == 0) {
            left = length(b) - 1;
            value = b & 0x3f;
        } else {
            value = value << 8 | (b & 0xff);
            left--;
        }
        return left == 0;
    }

    /** The length of the variable-length integer whose first byte is {@code first}: 1, 2, 4 or 8. */
    static int length(byte first) {
        return 1 << ((first & 0xff) >> 6);
    }

    /** The {@code n}-byte variable-length integer at {@code p[at]}, whole in the buffer. */
    static long read(io.netty.buffer.ByteBuf p, int at, int n) {
        long v = p.getByte(at) & 0x3f;
        for (int i = 1; i < n; i++) {
            v = v << 8 | (p.getByte(at + i) & 0xff);
        }
        return v;
    }

    long value() {
        return value;
    }

    /** Whether an integer was started and is not complete. */
    boolean busy() {
        return left != 0;
    }
}
