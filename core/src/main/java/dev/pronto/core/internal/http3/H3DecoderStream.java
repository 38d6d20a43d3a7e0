package dev.pronto.core.internal.http3;

/**
 * Reads the client's QPACK decoder stream (RFC 9204 §4.4). The server's encoder never uses the dynamic
 * table, so no field section of its ever has a non-zero Required Insert Count and it never inserts: a
 * Section Acknowledgment (§4.4.1) or an Insert Count Increment (§4.4.3) is always a
 * QPACK_DECODER_STREAM_ERROR; Stream Cancellations (§4.4.2) are read and ignored. Event loop only.
 */
final class H3DecoderStream {
    /** Continuation bytes of a Stream Cancellation's stream id still to come. */
    private boolean inInteger;
    private int continuations;

    /** Takes the next byte; false when it makes the stream invalid. */
    boolean feed(byte b) {
        if (inInteger) {
            inInteger = (b & 0x80) != 0;
            // a stream id is at most 62 bits: 9 continuation bytes
            return ++continuations <= 9;
        }
        if ((b & 0xc0) != 0x40) {
            return false;
        }
        inInteger = (b & 0x3f) == 0x3f;
        continuations = 0;
        return true;
    }
}
