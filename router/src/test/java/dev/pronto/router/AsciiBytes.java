package dev.pronto.router;

import java.nio.charset.StandardCharsets;

/**
 * A {@link CharSequence} view over ASCII request bytes, standing in for a server's byte-backed
 * string (such as Netty's {@code AsciiString}) to show that lookups need no String.
 */
final class AsciiBytes implements CharSequence {
    private final byte[] bytes;
    private final int offset;
    private final int length;

    AsciiBytes(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
    }

    static AsciiBytes of(String ascii) {
        byte[] bytes = ascii.getBytes(StandardCharsets.US_ASCII);
        return new AsciiBytes(bytes, 0, bytes.length);
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return (char) (bytes[offset + index] & 0xff);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new AsciiBytes(bytes, offset + start, end - start);
    }

    @Override
    public String toString() {
        return new String(bytes, offset, length, StandardCharsets.US_ASCII);
    }
}
