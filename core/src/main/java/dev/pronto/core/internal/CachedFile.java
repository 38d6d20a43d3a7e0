package dev.pronto.core.internal;

import java.io.IOException;
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
        if (file.attrs().size() > max) {
            return null;
        }
        Path path = file.path();
        return new CachedFile(Files.readAllBytes(path), sibling(path, ".br"), sibling(path, ".gz"),
                MimeTypes.of(path.getFileName().toString()), StaticFileServer.Validators.of(file.attrs()));
    }

    /** Bytes held: the content and its compressed forms. */
    long size() {
        return (long) bytes.length + (br == null ? 0 : br.length) + (gz == null ? 0 : gz.length);
    }

    private static byte[] sibling(Path file, String suffix) throws IOException {
        Path s = file.resolveSibling(file.getFileName() + suffix);
        return Files.isRegularFile(s) ? Files.readAllBytes(s) : null;
    }
}
