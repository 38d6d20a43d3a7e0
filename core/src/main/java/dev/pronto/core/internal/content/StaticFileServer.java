package dev.pronto.core.internal.content;

import dev.pronto.core.Compression;
import dev.pronto.core.ContentCoding;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.internal.util.DateHeader;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/** The implementation behind {@code StaticFiles}: resolution, validators, ranges and encodings. */
public final class StaticFileServer {
    private static final NotFoundException NOT_FOUND = new NotFoundException("Not Found");

    private final Path root;
    private final Path realRoot;
    private final Settings settings;
    private final FileCache cache;

    /**
     * What a {@code StaticFiles} was built with.
     *
     * @param index file served for directories, or null
     * @param maxFileSize largest file held in memory (cached, or compressed on the fly)
     * @param cacheCapacity bytes the memory cache may hold, 0 for disk mode
     * @param compressOnTheFly whether to compress files without precompressed siblings
     */
    public record Settings(String index, long maxFileSize, long cacheCapacity, boolean compressOnTheFly) {
    }

    /**
     * Creates the server of one root.
     *
     * @param root the directory served
     * @param settings the options
     */
    public StaticFileServer(Path root, Settings settings) {
        this.root = root.toAbsolutePath().normalize();
        try {
            this.realRoot = this.root.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("static root is not readable: " + root, e);
        }
        this.settings = settings;
        this.cache = settings.cacheCapacity() > 0 ? new FileCache(settings.cacheCapacity()) : null;
    }

    /** The memory cache, or null in disk mode. */
    FileCache cache() {
        return cache;
    }

    /**
     * A file that passed every check: inside the root (symlinks resolved), regular.
     *
     * @param path its real path
     * @param attrs its attributes, read once
     */
    record Resolved(Path path, BasicFileAttributes attrs) {
    }

    /**
     * The validators of one file version, formatted once.
     *
     * @param etag the entity tag
     * @param lastModified the Last-Modified value
     * @param modifiedSeconds the modification time in epoch seconds
     */
    record Validators(String etag, String lastModified, long modifiedSeconds) {
        static Validators of(BasicFileAttributes attrs) {
            long millis = attrs.lastModifiedTime().toMillis();
            return new Validators("\"" + Long.toHexString(attrs.size()) + "-" + Long.toHexString(millis) + "\"",
                    DateHeader.httpDate(millis / 1000), millis / 1000);
        }
    }

    /** Answers {@code req}; 404 for anything that is not a regular file inside the root. */
    public void serve(Request req, Response response) throws IOException {
        FileResponse res = (FileResponse) response;
        String param = req.param("path");
        String name = normalise(param == null ? "" : param);
        CachedFile cached = cache == null ? null : cache.byName(name);
        if (cached != null) {
            serveCached(req, res, cached);
            return;
        }
        Resolved file = resolve(name);
        if (cache != null && (cached = cached(name, file)) != null) {
            serveCached(req, res, cached);
            return;
        }
        serveFromDisk(req, res, file);
    }

    /** The memory copy of {@code file}, from the cache or read now; null when too large to hold. */
    private CachedFile cached(String name, Resolved file) throws IOException {
        CachedFile cached = cache.byFile(file.path(), name);
        if (cached == null && (cached = CachedFile.load(file, settings.maxFileSize())) != null) {
            cache.put(file.path(), name, cached);
        }
        return cached;
    }

    private void serveFromDisk(Request req, FileResponse res, Resolved file) throws IOException {
        Validators v = Validators.of(file.attrs());
        if (validators(req, res, v)) {
            return;
        }
        String type = MimeTypes.of(file.path().getFileName().toString());
        res.contentType(type);
        if (precompressed(req, res, file.path(), type)) {
            return;
        }
        Compressors compressors = res.compressors();
        if (settings.compressOnTheFly() && compressors != null && compressors.config().compresses(type)
                && file.attrs().size() <= settings.maxFileSize()) {
            res.send(Files.readAllBytes(file.path()));
            return;
        }
        res.header("Accept-Ranges", "bytes");
        long size = file.attrs().size();
        long[] range = Ranges.requested(req, size, v);
        if (range == null) {
            res.sendFileRange(file.path(), 0, size);
        } else if (partial(res, range, size)) {
            res.sendFileRange(file.path(), range[0], range[1] - range[0] + 1);
        }
    }

    /**
     * The request name in one spelling: empty segments ({@code a//b}, a trailing {@code /}) are
     * dropped, so every spelling of a file is one cache key; anything that could leave the root
     * ({@code .} or {@code ..} segments, a leading {@code /}, backslash, NUL) is a 404 before the file
     * system is touched. Percent-escapes were decoded by the router.
     */
    static String normalise(String rel) {
        if (rel.startsWith("/") || rel.indexOf('\\') >= 0 || rel.indexOf('\0') >= 0) {
            throw NOT_FOUND;
        }
        boolean emptySegment = false;
        int start = 0;
        for (int i = 0; i <= rel.length(); i++) {
            if (i == rel.length() || rel.charAt(i) == '/') {
                int length = i - start;
                if (length == 1 && rel.charAt(start) == '.' || length == 2 && rel.startsWith("..", start)) {
                    throw NOT_FOUND;
                }
                emptySegment |= length == 0 && i > 0;
                start = i + 1;
            }
        }
        if (!emptySegment) {
            return rel;
        }
        StringBuilder sb = new StringBuilder(rel.length());
        for (String segment : rel.split("/")) {
            if (!segment.isEmpty()) {
                sb.append(sb.isEmpty() ? "" : "/").append(segment);
            }
        }
        return sb.toString();
    }

    /** Resolves symlinks once and reads the attributes once; anything unexpected is a 404. */
    private Resolved resolve(String rel) throws IOException {
        Path file = root.resolve(rel).normalize();
        if (!file.startsWith(root)) {
            throw NOT_FOUND;
        }
        try {
            Path real = inside(file);
            BasicFileAttributes attrs = Files.readAttributes(real, BasicFileAttributes.class);
            if (attrs.isDirectory() && settings.index() != null) {
                real = inside(real.resolve(settings.index()));
                attrs = Files.readAttributes(real, BasicFileAttributes.class);
            }
            if (!attrs.isRegularFile()) {
                throw NOT_FOUND;
            }
            return new Resolved(real, attrs);
        } catch (FileSystemException e) {
            // Missing, unreadable, a file used as a directory (ENOTDIR), a symlink loop (ELOOP): all 404.
            throw NOT_FOUND;
        }
    }

    /** The real path of {@code file}, which must stay inside the root once symlinks are followed. */
    private Path inside(Path file) throws IOException {
        Path real = file.toRealPath();
        if (!real.startsWith(realRoot)) {
            throw NOT_FOUND;
        }
        return real;
    }

    /** Sets ETag and Last-Modified; sends 304 and returns true when the client's copy is current. */
    static boolean validators(Request req, FileResponse res, Validators v) {
        res.header("ETag", v.etag()).header("Last-Modified", v.lastModified());
        String inm = req.header("If-None-Match");
        boolean notModified;
        if (inm != null) {
            notModified = inm.trim().equals("*") || matchesAny(inm, v.etag());
        } else {
            String ims = req.header("If-Modified-Since");
            long since = ims == null ? -1 : DateHeader.parseHttpDate(ims);
            notModified = since >= 0 && v.modifiedSeconds() <= since;
        }
        if (notModified) {
            res.status(304).send();
        }
        return notModified;
    }

    private static boolean matchesAny(String inm, String etag) {
        for (String tag : inm.split(",")) {
            String t = tag.trim();
            if (t.startsWith("W/")) {
                t = t.substring(2);
            }
            if (t.equals(etag)) {
                return true;
            }
        }
        return false;
    }

    private static boolean precompressed(Request req, FileResponse res, Path file, String type) {
        CharSequence accept = req.peekHeader("accept-encoding");
        if (!Compression.matches(Compression.DEFAULT_TYPES, type)) {
            return false;
        }
        res.header("Vary", "Accept-Encoding");
        if (accept == null) {
            return false;
        }
        for (ContentCoding c : new ContentCoding[] {ContentCoding.BR, ContentCoding.GZIP}) {
            Path sibling = file.resolveSibling(file.getFileName() + (c == ContentCoding.BR ? ".br" : ".gz"));
            if (AcceptEncoding.quality(accept, c.token()) > 0 && Files.isRegularFile(sibling)) {
                res.header("Content-Encoding", c.token());
                res.sendFileRange(sibling, 0, -1);
                return true;
            }
        }
        return false;
    }

    /** Sets 206 and Content-Range and returns true; or, when {@code range} is unsatisfiable, answers 416. */
    private static boolean partial(FileResponse res, long[] range, long size) {
        if (range.length == 0) {
            res.status(416).header("Content-Range", "bytes */" + size).send();
            return false;
        }
        res.status(206).header("Content-Range", "bytes " + range[0] + "-" + range[1] + "/" + size);
        return true;
    }

    private static void serveCached(Request req, FileResponse res, CachedFile f) {
        if (validators(req, res, f.validators())) {
            return;
        }
        res.contentType(f.type());
        CharSequence accept = req.peekHeader("accept-encoding");
        if (Compression.matches(Compression.DEFAULT_TYPES, f.type())) {
            res.header("Vary", "Accept-Encoding");
            if (accept != null && f.br() != null && AcceptEncoding.quality(accept, "br") > 0) {
                res.header("Content-Encoding", "br");
                res.sendPrepared(CachedFile.view(f.br()));
                return;
            }
            if (accept != null && f.gz() != null && AcceptEncoding.quality(accept, "gzip") > 0) {
                res.header("Content-Encoding", "gzip");
                res.sendPrepared(CachedFile.view(f.gz()));
                return;
            }
        }
        res.header("Accept-Ranges", "bytes");
        int size = f.length();
        long[] range = Ranges.requested(req, size, f.validators());
        if (range == null) {
            res.sendPrepared(CachedFile.view(f.bytes()));
        } else if (partial(res, range, size)) {
            res.sendPrepared(f.range((int) range[0], (int) (range[1] - range[0] + 1)));
        }
    }
}
