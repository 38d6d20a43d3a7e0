package dev.pronto.core.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Reads a file range chunk by chunk for the protocols that cannot hand the kernel a file region (HTTP/2,
 * HTTP/3): each chunk is one DATA frame's worth, read with positional reads so the file's own position
 * is never shared state.
 */
public final class FileChunk {
    /** The most bytes one chunk holds. */
    public static final int SIZE = 64 * 1024;

    private FileChunk() {
    }

    /**
     * Reads the next chunk of {@code file}, starting at {@code position} (inside the range), up to
     * {@link #SIZE} bytes and never past the range's end. Any thread; blocking file I/O.
     *
     * @return the chunk, which the caller owns; or null if the file could not be read or ended early,
     *     in which case the file is closed and nothing is left to release
     */
    public static ByteBuf read(ByteBufAllocator alloc, FilePart file, long position) {
        return read(alloc, file, position, SIZE);
    }

    /** As {@link #read(ByteBufAllocator, FilePart, long)}, with chunks of at most {@code max} bytes. */
    public static ByteBuf read(ByteBufAllocator alloc, FilePart file, long position, int max) {
        int n = (int) Math.min(max, file.offset() + file.count() - position);
        ByteBuf chunk = alloc.ioBuffer(Math.max(n, 1));
        try {
            ByteBuffer target = chunk.nioBuffer(0, n);
            int read = 0;
            while (read < n) {
                int r = file.channel().read(target, position + read);
                if (r < 0) {
                    throw new IOException("file ended before its announced length");
                }
                read += r;
            }
            return chunk.writerIndex(n);
        } catch (IOException ex) {
            chunk.release();
            file.close();
            return null;
        }
    }
}
