package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.exchange.FilePart;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Reads a file body into memory: a teleport message carries its body inline, behind its head. */
final class TeleportFiles {
    private TeleportFiles() {
    }

    /** The bytes of {@code f}; closes the file either way. */
    static ByteBuf read(ByteBufAllocator alloc, FilePart f) {
        ByteBuf buf = alloc.ioBuffer((int) Math.min(f.count(), Integer.MAX_VALUE - 8));
        try {
            long position = f.offset();
            long end = f.offset() + f.count();
            while (position < end) {
                int n = buf.writeBytes(f.channel(), position, (int) Math.min(end - position, buf.maxWritableBytes()));
                if (n < 0) {
                    throw new IOException("file ended before its expected length");
                }
                position += n;
            }
            return buf;
        } catch (IOException e) {
            buf.release();
            throw new UncheckedIOException(e);
        } finally {
            f.close();
        }
    }
}
