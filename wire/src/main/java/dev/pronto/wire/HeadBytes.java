package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.util.AsciiString;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * A response head assembled in a plain byte array, then copied into its buffer in one write: a
 * head is a dozen small pieces, and every write into a pooled buffer pays its own bounds, access
 * and capacity checks. One per thread (event loops in practice), reused; not reentrant.
 */
public final class HeadBytes {
    /** {@code "\r\n"} for {@link #pair(int)}. */
    public static final int CRLF = ('\r' << 8) | '\n';
    private static final int INITIAL = 256;
    /** A scratch grown past this by a huge head is dropped after use rather than kept per thread. */
    private static final int KEEP = 8 * 1024;
    private static final FastThreadLocal<HeadBytes> LOCAL = new FastThreadLocal<>() {
        @Override
        protected HeadBytes initialValue() {
            return new HeadBytes();
        }
    };

    private byte[] b = new byte[INITIAL];
    private int n;

    private HeadBytes() {
    }

    /** The calling thread's scratch, emptied. */
    public static HeadBytes local() {
        HeadBytes h = LOCAL.get();
        h.n = 0;
        return h;
    }

    /** Bytes assembled so far. */
    public int length() {
        return n;
    }

    /** Appends {@code src}. */
    public void bytes(byte[] src) {
        int len = src.length;
        ensure(len);
        System.arraycopy(src, 0, b, n, len);
        n += len;
    }

    /** Characters of a validated header name or value (all at most U+00FF), one byte each. */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) is exactly ISO-8859-1 for such text
    public void text(CharSequence s) {
        int len = s.length();
        ensure(len);
        if (s instanceof String str) {
            str.getBytes(0, len, b, n);
        } else if (s instanceof AsciiString a) {
            System.arraycopy(a.array(), a.arrayOffset(), b, n, len);
        } else {
            for (int i = 0; i < len; i++) {
                b[n + i] = (byte) s.charAt(i);
            }
        }
        n += len;
    }

    /** Two bytes, the first in the high byte of {@code pair} ({@code "\r\n"}, {@code ": "}). */
    public void pair(int pair) {
        ensure(2);
        b[n] = (byte) (pair >>> 8);
        b[n + 1] = (byte) pair;
        n += 2;
    }

    /** Appends {@code v} (not negative) in decimal digits. */
    public void decimal(long v) {
        int digits = Ascii.digits(v);
        ensure(digits);
        for (int i = n + digits - 1; i >= n; i--) {
            b[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        n += digits;
    }

    /** Appends everything assembled to {@code out}. */
    public void writeTo(ByteBuf out) {
        DirectCopy.write(out, b, 0, n);
        if (b.length > KEEP) {
            b = new byte[INITIAL];
        }
    }

    private void ensure(int more) {
        if (n + more > b.length) {
            b = java.util.Arrays.copyOf(b, Math.max(n + more, b.length * 2));
        }
    }
}
