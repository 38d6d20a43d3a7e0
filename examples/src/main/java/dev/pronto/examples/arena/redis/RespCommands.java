package dev.pronto.examples.arena.redis;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * RESP encodings of the three commands, written straight into one pooled buffer: keys are a prefix and a
 * number ({@code item:42}), so a command allocates no string.
 */
final class RespCommands {
    private static final byte[] GET = ascii("*2\r\n$3\r\nGET\r\n");
    private static final byte[] DEL = ascii("*2\r\n$3\r\nDEL\r\n");
    private static final byte[] SET = ascii("*5\r\n$3\r\nSET\r\n");
    private static final byte[] PX = ascii("$2\r\nPX\r\n");
    private static final byte[] CRLF = ascii("\r\n");

    private RespCommands() {
    }

    static ByteBuf get(ByteBufAllocator alloc, String prefix, long id) {
        ByteBuf b = alloc.ioBuffer(32 + prefix.length());
        b.writeBytes(GET);
        key(b, prefix, id);
        return b;
    }

    static ByteBuf delete(ByteBufAllocator alloc, String prefix, long id) {
        ByteBuf b = alloc.ioBuffer(32 + prefix.length());
        b.writeBytes(DEL);
        key(b, prefix, id);
        return b;
    }

    static ByteBuf set(ByteBufAllocator alloc, String prefix, long id, byte[] value, long ttlMillis) {
        ByteBuf b = alloc.ioBuffer(80 + prefix.length() + value.length);
        b.writeBytes(SET);
        key(b, prefix, id);
        b.writeByte('$');
        number(b, value.length);
        b.writeBytes(CRLF).writeBytes(value).writeBytes(CRLF).writeBytes(PX);
        b.writeByte('$');
        number(b, digits(ttlMillis));
        b.writeBytes(CRLF);
        number(b, ttlMillis);
        b.writeBytes(CRLF);
        return b;
    }

    private static void key(ByteBuf b, String prefix, long id) {
        b.writeByte('$');
        number(b, prefix.length() + digits(id));
        b.writeBytes(CRLF);
        b.writeCharSequence(prefix, StandardCharsets.US_ASCII);
        number(b, id);
        b.writeBytes(CRLF);
    }

    /** Writes the decimal digits of {@code n}, which is never negative here. */
    static void number(ByteBuf b, long n) {
        int d = digits(n);
        int at = b.writerIndex();
        b.ensureWritable(d);
        for (int i = d - 1; i >= 0; i--) {
            b.setByte(at + i, (int) ('0' + n % 10));
            n /= 10;
        }
        b.writerIndex(at + d);
    }

    static int digits(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("key numbers and TTLs must not be negative, got " + n);
        }
        int d = 1;
        while (n >= 10) {
            n /= 10;
            d++;
        }
        return d;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
