package dev.pronto.core.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A file held in memory by {@code StaticFiles} in memory mode, with its precompressed siblings.
 *
 * @param bytes the identity content
 * @param br the {@code .br} sibling, or null
 * @param gz the {@code .gz} sibling, or null
 * @param type its content type
 * @param etag its entity tag
 * @param modifiedSeconds its modification time
 */
record CachedFile(byte[] bytes, byte[] br, byte[] gz, String type, String etag, long modifiedSeconds) {
    /** Reads {@code file} and its siblings, or returns null when it is larger than {@code max}. */
    static CachedFile load(Path file, long max) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        if (attrs.size() > max) {
            return null;
        }
        long modified = attrs.lastModifiedTime().toMillis();
        return new CachedFile(Files.readAllBytes(file), sibling(file, ".br"), sibling(file, ".gz"),
                MimeTypes.of(file.getFileName().toString()), StaticFileServer.etag(attrs.size(), modified),
                modified / 1000);
    }

    private static byte[] sibling(Path file, String suffix) throws IOException {
        Path s = file.resolveSibling(file.getFileName() + suffix);
        return Files.isRegularFile(s) ? Files.readAllBytes(s) : null;
    }
}
