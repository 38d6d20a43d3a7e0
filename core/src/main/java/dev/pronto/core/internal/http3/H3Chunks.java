package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.exchange.FileChunk;
import dev.pronto.core.internal.exchange.FilePart;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

/**
 * A response body cut into DATA-sized chunks, each made only when asked for ({@link H3BodySend} asks while
 * the stream is writable and no chunk waits in Netty): a file range is read, a buffer sliced (no copy), an
 * array or a text copied or encoded one chunk at a time. So a response nobody reads holds its window in
 * QUIC plus one chunk here, whatever its size and type. Event loop only; owns its source until
 * {@link #close()}.
 */
final class H3Chunks {
    /** The most bytes of a file, array or buffer in one chunk (a text's chunk is at most this many chars). */
    static final int SIZE = 32 * 1024;

    private final Object source;
    private final FilePart file;
    /** Where the next chunk starts and where the body ends: file offsets, buffer indexes or array/char indexes. */
    private long position;
    private final long end;
    private boolean closed;

    private H3Chunks(Object source, FilePart file, long position, long end) {
        this.source = source;
        this.file = file;
        this.position = position;
        this.end = end;
    }

    /** The chunks of a file range, which this now owns. */
    static H3Chunks of(FilePart file) {
        return new H3Chunks(null, file, file.offset(), file.offset() + file.count());
    }

    /** The chunks of a text, array or buffer as {@code ResponseBody.takeSource} gives it, which this now owns. */
    static H3Chunks of(Object source) {
        if (source instanceof ByteBuf b) {
            return new H3Chunks(b, null, b.readerIndex(), b.writerIndex());
        }
        int length = source instanceof byte[] a ? a.length : ((CharSequence) source).length();
        return new H3Chunks(source, null, 0, length);
    }

    /** Whether every chunk was made. */
    boolean done() {
        return position >= end;
    }

    /**
     * The next chunk of at most {@code max} bytes, now the caller's; a text's chunk is {@code max} chars up to
     * {@link #SIZE}, above it a third of {@code max} chars but at least {@link #SIZE}: only a non-ASCII text's
     * chunk exceeds {@code max} bytes, and is then at most 3 x {@link #SIZE}. Null when the file could not be
     * read (it is closed then). Call only while not {@link #done()}.
     */
    ByteBuf next(ByteBufAllocator alloc, int max) {
        if (file != null) {
            ByteBuf chunk = FileChunk.read(alloc, file, position, max);
            position += chunk == null ? 0 : chunk.readableBytes();
            return chunk;
        }
        int from = (int) position;
        // a text's chars: a chunk above SIZE must still fit in max bytes once encoded (3 bytes a char at most)
        int span = source instanceof CharSequence && max > SIZE ? Math.max(SIZE, max / 3) : max;
        int to = (int) Math.min(end, position + span);
        if (source instanceof ByteBuf b) {
            position = to;
            return direct(alloc, b, from, to - from);
        }
        if (source instanceof byte[] a) {
            position = to;
            return alloc.ioBuffer(to - from).writeBytes(a, from, to - from);
        }
        CharSequence text = (CharSequence) source;
        // chars, not bytes: a chunk of SIZE chars is at most 3 x SIZE bytes (more than max only when non-ASCII)
        if (to < end && to - from > 1 && Character.isHighSurrogate(text.charAt(to - 1))) {
            to--; // a surrogate pair is encoded whole, in one chunk
        }
        position = to;
        ByteBuf chunk = alloc.ioBuffer(ByteBufUtil.utf8Bytes(text, from, to));
        ByteBufUtil.writeUtf8(chunk, text, from, to);
        return chunk;
    }

    /**
     * {@code length} bytes of {@code b} from {@code from} as a direct buffer, now the caller's: a slice when
     * {@code b} is direct, else one copy into a pooled direct buffer.
     */
    static ByteBuf direct(ByteBufAllocator alloc, ByteBuf b, int from, int length) {
        if (b.isDirect()) {
            return b.retainedSlice(from, length);
        }
        // QUIC hands quiche memory addresses: a heap chunk (the memory cache's files) made Netty's stream copy the
        // DATA frame twice per chunk, through a heap ByteBuffer and an unpooled direct one freed at once
        return alloc.directBuffer(length).writeBytes(b, from, length);
    }

    /** Releases the buffer or closes the file; safe to repeat. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (file != null) {
            file.close();
        } else if (source instanceof ByteBuf b) {
            b.release();
        }
    }
}
