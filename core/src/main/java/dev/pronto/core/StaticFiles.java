package dev.pronto.core;

import dev.pronto.core.internal.content.StaticFileServer;
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
 *     {@code If-Modified-Since}.</li>
 * <li>Single {@code Range} requests get 206 (416 when unsatisfiable), honouring {@code If-Range}: a
 *     range is served only when it names the current strong ETag or exact Last-Modified date, else
 *     the whole file comes with 200. A list of several ranges (overlapping or not) is answered with
 *     the whole file and 200, never as multipart, so ranges cannot multiply the output.</li>
 * <li>Precompressed siblings ({@code app.js.br}, {@code app.js.gz}) served when the client accepts
 *     them; on-the-fly compression of files up to {@link Builder#maxCachedSize(long)} only when
 *     {@link Builder#compressOnTheFly(boolean)} is set and the server has {@link Compression}.</li>
 * <li>Never a file outside the root: {@code ..} and {@code .} segments (also encoded, as
 *     {@code %2e%2e}), backslashes, NUL and symlinks leading out of the root all get 404; directories
 *     get 404 unless an index is set. Empty segments ({@code a//b}, a trailing {@code /}) are ignored,
 *     so every spelling of a name is the same file.</li>
 * <li>Two modes: read from disk on every request (default), or {@link Cache#MEMORY}: files up to
 *     {@link Builder#maxCachedSize(long)} are read once with their precompressed forms and served
 *     from memory (for deployments whose files do not change while running). The memory cache is
 *     keyed by the real file, so URL spellings and symlinks share one entry, and holds at most
 *     {@link Builder#cacheCapacity(long)} bytes, evicting the least recently used files first
 *     (approximately).</li>
 * </ul>
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Option</th><th>Default</th></tr>
 * <tr><td>cache</td><td>{@link Cache#NONE}</td></tr>
 * <tr><td>maxCachedSize</td><td>{@value #DEFAULT_MAX_CACHED_SIZE} bytes (1 MiB)</td></tr>
 * <tr><td>cacheCapacity</td><td>{@value #DEFAULT_CACHE_CAPACITY} bytes (64 MiB), contents plus about
 *     half a KiB per file</td></tr>
 * <tr><td>index</td><td>none</td></tr>
 * <tr><td>compressOnTheFly</td><td>false</td></tr>
 * </table>
 * Thread-safe; the handler runs on the event loop (file metadata reads are small and local).
 */
public final class StaticFiles implements Handler {
    /** Default largest file held in memory. */
    public static final long DEFAULT_MAX_CACHED_SIZE = 1024 * 1024;
    /** Default total bytes of the memory cache. */
    public static final long DEFAULT_CACHE_CAPACITY = 64L * 1024 * 1024;

    /** Where file contents come from. */
    public enum Cache {
        /** Read from disk on every request. */
        NONE,
        /** Keep small files and their compressed forms in memory after the first request. */
        MEMORY
    }

    private final StaticFileServer server;

    private StaticFiles(Builder b) {
        this.server = new StaticFileServer(b.root, new StaticFileServer.Settings(b.index, b.maxCachedSize,
                b.cache == Cache.MEMORY ? b.cacheCapacity : 0, b.onTheFly));
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
        private long maxCachedSize = DEFAULT_MAX_CACHED_SIZE;
        private long cacheCapacity = DEFAULT_CACHE_CAPACITY;
        private boolean onTheFly;

        private Builder(Path root) {
            Objects.requireNonNull(root, "root");
            if (!Files.isDirectory(root)) {
                throw new IllegalArgumentException("static root must be an existing directory, got " + root);
            }
            this.root = root;
        }

        /**
         * Serves {@code fileName} (e.g. {@code index.html}) for directory requests.
         *
         * @throws IllegalArgumentException if it is not a plain file name (empty, {@code .},
         *         {@code ..}, or holding a slash, backslash or NUL)
         */
        public Builder index(String fileName) {
            Objects.requireNonNull(fileName, "fileName");
            if (fileName.isEmpty() || fileName.equals(".") || fileName.equals("..") || fileName.indexOf('/') >= 0
                    || fileName.indexOf('\\') >= 0 || fileName.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("index must be a file name without a path, got '" + fileName + "'");
            }
            index = fileName;
            return this;
        }

        /** Chooses disk or memory mode. */
        public Builder cache(Cache value) { cache = Objects.requireNonNull(value, "value"); return this; }

        /**
         * Largest file kept in memory in {@link Cache#MEMORY} mode, and largest file compressed on
         * the fly (default {@value #DEFAULT_MAX_CACHED_SIZE}, 1 MiB).
         *
         * @throws IllegalArgumentException if {@code bytes <= 0}
         */
        public Builder maxCachedSize(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("maxCachedSize must be > 0, got " + bytes);
            }
            maxCachedSize = bytes;
            return this;
        }

        /**
         * Total bytes the {@link Cache#MEMORY} cache may hold: file contents, their precompressed
         * forms and about half a KiB of bookkeeping per file and name (default
         * {@value #DEFAULT_CACHE_CAPACITY}, 64 MiB). When full, the least recently used files
         * (approximately) make room; a file that does not fit is read again for each request. The
         * contents live in direct (off-heap) memory, which counts against {@code -XX:MaxDirectMemorySize}
         * (by default the heap's maximum); when that is exhausted they are kept on the heap instead.
         *
         * @throws IllegalArgumentException if {@code bytes <= 0}
         */
        public Builder cacheCapacity(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("cacheCapacity must be > 0, got " + bytes);
            }
            cacheCapacity = bytes;
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
