package dev.pronto.core.internal.content;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file held in memory by {@code StaticFiles} in memory mode, with its precompressed siblings.
 *
 * @param bytes the identity content
 * @param br the {@code .br} sibling, or null
 * @param gz the {@code .gz} sibling, or null
 * @param type its content type
 * @param validators its entity tag and modification time, formatted once
 */
record CachedFile(byte[] bytes, byte[] br, byte[] gz, String type, StaticFileServer.Validators validators) {
    /** Reads a resolved file and its siblings, or returns null when it is larger than {@code max}. */
    static CachedFile load(StaticFileServer.Resolved file, long max) throws IOException {
        Path path = file.path();
        byte[] bytes = file.attrs().size() > max ? null : readAtMost(path, max);
        if (bytes == null) {
            return null;
        }
        return new CachedFile(bytes, sibling(path, ".br", max), sibling(path, ".gz", max),
                MimeTypes.of(path.getFileName().toString()), StaticFileServer.Validators.of(file.attrs()));
    }

    /** Bytes held: the content and its compressed forms. */
    long size() {
        return (long) bytes.length + (br == null ? 0 : br.length) + (gz == null ? 0 : gz.length);
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
