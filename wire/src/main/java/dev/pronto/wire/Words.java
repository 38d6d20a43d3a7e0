package dev.pronto.wire;

/**
 * Eight bytes at a time, as one little-endian long: which bytes of a word are of a class. Each result has the high
 * bit set in every byte of the class; the lowest set byte is exact (a borrow only marks bytes above it), so
 * {@code Long.numberOfTrailingZeros(result) >>> 3} is the index of the first one, and 0 means none.
 */
final class Words {
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private Words() {
    }

    /** Bytes below SP (HTAB, CR, LF and the other controls) or DEL; obs-text (0x80 and up) is never marked. */
    static long controls(long word) {
        return ((word - ONES * Ascii.SP) & ~word & HIGHS) | equal(word, (byte) 0x7F);
    }

    /** Bytes equal to {@code b}. */
    static long equal(long word, byte b) {
        long v = word ^ (ONES * (b & 0xFF));
        return (v - ONES) & ~v & HIGHS;
    }
}
