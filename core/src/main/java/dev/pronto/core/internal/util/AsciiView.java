package dev.pronto.core.internal.util;

import dev.pronto.wire.Ascii;

/**
 * A reusable CharSequence over a region of a byte array, so the router and header lookups can read
 * the request without creating Strings. Mutable: owned by one exchange.
 */
public final class AsciiView implements CharSequence {
    private byte[] bytes;
    private int offset;
    private int length;

    public AsciiView set(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /** The array this view reads. */
    public byte[] array() {
        return bytes;
    }

    /** Where in {@link #array()} the view starts. */
    public int offset() {
        return offset;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return (char) (bytes[offset + index] & 0xFF);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new AsciiView().set(bytes, offset + start, end - start);
    }

    @Override
    public String toString() {
        return Ascii.string(bytes, offset, length);
    }
}
