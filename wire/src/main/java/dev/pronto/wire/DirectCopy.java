package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.util.internal.PlatformDependent;

/**
 * Writes a small byte array into a buffer with one raw memory copy when the buffer exposes its address (Netty's
 * pooled direct buffers do). A response head is about a hundred bytes, and {@code ByteBuf.writeBytes(byte[])} on the
 * adaptive allocator's buffers goes through its parent's {@code ByteBuffer.put}, whose scoped-memory checks cost
 * more than the copy itself at that size. Any thread; behaves exactly as {@code writeBytes} (grows the buffer,
 * advances the writer index), and falls back to it for heap buffers and composites, and whenever Netty runs without
 * {@code sun.misc.Unsafe} (JDK 24 and later without {@code --sun-misc-unsafe-memory-access=allow}): its direct
 * buffers still report an address then, but there is no raw copy to use it with.
 */
public final class DirectCopy {
    private static final boolean RAW = PlatformDependent.hasUnsafe();

    private DirectCopy() {
    }

    /** Appends {@code length} bytes of {@code src} from {@code offset} to {@code out}. */
    public static void write(ByteBuf out, byte[] src, int offset, int length) {
        out.ensureWritable(length);
        if (!RAW || !out.hasMemoryAddress()) {
            out.writeBytes(src, offset, length);
            return;
        }
        int at = out.writerIndex();
        // ensureWritable above both bounds-checks the destination and fixes its address (growth may move it)
        PlatformDependent.copyMemory(src, offset, out.memoryAddress() + at, length);
        out.writerIndex(at + length);
    }
}
