package dev.pronto.core.internal.content;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file held in memory by {@code StaticFiles} in memory mode, with its precompressed siblings.
 *
 * <p>The bytes live off the heap, read-only, so a response is a view of them that every carrier sends as it is:
 * a socket writes direct memory without first copying it into a direct buffer (as it must for a heap one), and
 * an HTTP/3 stream sends slices of it instead of copying each chunk. The JDK frees the memory once the entry is
 * dropped from the cache and collected. Where direct memory runs out ({@code -XX:MaxDirectMemorySize}) the bytes
 * stay on the heap and are served as before.
 *
 * @param bytes the identity content
 * @param br the {@code .br} sibling, or null
 * @param gz the {@code .gz} sibling, or null
 * @param type its content type
 * @param validators its entity tag and modification time, formatted once
 */
record CachedFile(ByteBuffer bytes, ByteBuffer br, ByteBuffer gz, String type, StaticFileServer.Validators validators) {
    /** Reads a resolved file and its siblings, or returns null when it is larger than {@code max}. */
    static CachedFile load(StaticFileServer.Resolved file, long max) throws IOException {
        Path path = file.path();
        byte[] bytes = file.attrs().size() > max ? null : readAtMost(path, max);
        if (bytes == null) {
            return null;
        }
        return new CachedFile(held(bytes), held(sibling(path, ".br", max)), held(sibling(path, ".gz", max)),
                MimeTypes.of(path.getFileName().toString()), StaticFileServer.Validators.of(file.attrs()));
    }

    /** The content's length in bytes. */
    int length() {
        return bytes.remaining();
    }

    /** A new view of {@code held} (the content or a sibling) for one response: the caller releases it. */
    static ByteBuf view(ByteBuffer held) {
        return Unpooled.wrappedBuffer(held.duplicate());
    }

    /** A new view of {@code length} bytes of the content from {@code from}, for one range response. */
    ByteBuf range(int from, int length) {
        return Unpooled.wrappedBuffer(bytes.slice(from, length));
    }

    /** Bytes held: the content and its compressed forms. */
    long size() {
        return (long) bytes.remaining() + (br == null ? 0 : br.remaining()) + (gz == null ? 0 : gz.remaining());
    }

    /** {@code content} copied off the heap, read-only; on the heap when direct memory is exhausted; null stays null. */
    private static ByteBuffer held(byte[] content) {
        if (content == null) {
            return null;
        }
        try {
            return ByteBuffer.allocateDirect(content.length).put(content).flip().asReadOnlyBuffer();
        } catch (OutOfMemoryError directMemoryFull) {
            return ByteBuffer.wrap(content).asReadOnlyBuffer();
        }
    }

    private static byte[] sibling(Path file, String suffix, long max) throws IOException {
        Path s = file.resolveSibling(file.getFileName() + suffix);
        return Files.isRegularFile(s) ? readAtMost(s, max) : null;
    }

    /** The file's bytes, or null when it holds more than {@code max} (it may have grown since it was sized). */
    private static byte[] readAtMost(Path file, long max) throws IOException {
        int limit = (int) Math.min(max, Integer.MAX_VALUE - 16);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(limit + 1);
            return bytes.length > limit ? null : bytes;
        }
    }
}
