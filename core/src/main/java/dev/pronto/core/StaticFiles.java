package dev.pronto.core;

import dev.pronto.core.internal.StaticFileServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Serves the files under a directory. Mount it with a trailing catch-all named {@code path}:
 * {@code r.get("/static/{*path}", StaticFiles.of(root))} (HEAD comes with GET).
 *
 * <ul>
 * <li>Content types by extension ({@code charset=utf-8} on text); exact bytes with Content-Length,
 *     sent with zero-copy file transfer where the transport allows.</li>
 * <li>{@code ETag} and {@code Last-Modified}, answered with 304 on {@code If-None-Match} /
 *     {@code If-Modified-Since}; single {@code Range} requests (206, or 416 when unsatisfiable).</li>
 * <li>Precompressed siblings ({@code app.js.br}, {@code app.js.gz}) served when the client accepts
 *     them; on-the-fly compression only when {@link Builder#compressOnTheFly(boolean)} is set and the
 *     server has {@link Compression}.</li>
 * <li>Never a file outside the root: {@code ..}, encoded {@code %2e%2e}, backslashes, NUL and
 *     symlinks leading out of the root all get 404; directories get 404 unless an index is set.</li>
 * <li>Two modes: read from disk on every request (default), or {@link Cache#MEMORY}: files up to
 *     {@link Builder#maxCachedSize(long)} are read once with their precompressed forms and served
 *     from memory (for deployments whose files do not change while running).</li>
 * </ul>
 * Thread-safe; the handler runs on the event loop (file metadata reads are small and local).
 */
public final class StaticFiles implements Handler {
    /** Where file contents come from. */
    public enum Cache {
        /** Read from disk on every request. */
        NONE,
        /** Keep small files and their compressed forms in memory after the first request. */
        MEMORY
    }

    private final StaticFileServer server;

    private StaticFiles(Builder b) {
        this.server = new StaticFileServer(b.root, b.index, b.cache == Cache.MEMORY ? b.maxCachedSize : -1, b.onTheFly);
    }

    /** Serves {@code root} with the defaults: disk mode, no index, precompressed siblings. */
    public static StaticFiles of(Path root) {
        return builder(root).build();
    }

    /** A builder for {@code root}, which must be an existing directory. */
    public static Builder builder(Path root) {
        return new Builder(root);
    }

    @Override
    public void handle(Request req, Response res) throws Exception {
        server.serve(req, res);
    }

    /** Builder of {@link StaticFiles}. Not thread-safe. */
    public static final class Builder {
        private final Path root;
        private String index;
        private Cache cache = Cache.NONE;
        private long maxCachedSize = 1024 * 1024;
        private boolean onTheFly;

        private Builder(Path root) {
            Objects.requireNonNull(root, "root");
            if (!Files.isDirectory(root)) {
                throw new IllegalArgumentException("static root must be an existing directory, got " + root);
            }
            this.root = root;
        }

        /** Serves {@code fileName} (e.g. {@code index.html}) for directory requests. */
        public Builder index(String fileName) { index = Objects.requireNonNull(fileName, "fileName"); return this; }

        /** Chooses disk or memory mode. */
        public Builder cache(Cache value) { cache = Objects.requireNonNull(value, "value"); return this; }

        /** Largest file kept in memory in {@link Cache#MEMORY} mode (default 1 MiB). */
        public Builder maxCachedSize(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("maxCachedSize must be > 0, got " + bytes);
            }
            maxCachedSize = bytes;
            return this;
        }

        /** Compresses files without a precompressed sibling on the fly (needs server compression). */
        public Builder compressOnTheFly(boolean value) { onTheFly = value; return this; }

        /** Builds the handler. */
        public StaticFiles build() {
            return new StaticFiles(this);
        }
    }
}
