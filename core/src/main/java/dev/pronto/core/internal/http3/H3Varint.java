package dev.pronto.core.internal.http3;

/**
 * A QUIC variable-length integer (RFC 9000 §16) read one byte at a time, so a frame header split across
 * buffers needs no copy. Reused for every integer of a stream; event loop only.
 */
final class H3Varint {
    private int left;
    private long value;

    /** Takes the next byte; true once the integer is complete ({@link #value()}), and then ready for the next. */
    boolean feed(byte b) {
        if (left == 0) {
            left = H3Payloads.varintLength(b) - 1;
            value = b & 0x3f;
        } else {
            value = value << 8 | (b & 0xff);
            left--;
        }
        return left == 0;
    }

    long value() {
        return value;
    }

    /** Whether an integer was started and is not complete. */
    boolean busy() {
        return left != 0;
    }
}
