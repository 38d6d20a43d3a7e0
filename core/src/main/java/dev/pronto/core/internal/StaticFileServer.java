package dev.pronto.core.internal;

import dev.pronto.core.Compression;
import dev.pronto.core.ContentCoding;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;

/** The implementation behind {@code StaticFiles}: resolution, validators, ranges and encodings. */
public final class StaticFileServer {
    private static final NotFoundException NOT_FOUND = new NotFoundException("Not Found");

    private final Path root;
    private final Path realRoot;
    private final String index;
    private final long maxCached;
    private final boolean onTheFly;
    private final ConcurrentHashMap<String, CachedFile> cache = new ConcurrentHashMap<>();

    /**
     * Creates the server of one root.
     *
     * @param root the directory served
     * @param index file served for directories, or null
     * @param maxCached largest file kept in memory, or -1 for disk mode
     * @param onTheFly whether to compress files without precompressed siblings
     */
    public StaticFileServer(Path root, String index, long maxCached, boolean onTheFly) {
        this.root = root.toAbsolutePath().normalize();
        try {
            this.realRoot = this.root.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("static root is not readable: " + root, e);
        }
        this.index = index;
        this.maxCached = maxCached;
        this.onTheFly = onTheFly;
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
        ExchangeHandle res = (ExchangeHandle) response;
        String rel = req.param("path");
        rel = rel == null ? "" : rel;
        checkSegments(rel);
        CachedFile cached = maxCached > 0 ? cache.get(rel) : null;
        if (cached != null) {
            serveCached(req, res, cached);
            return;
        }
        Resolved file = resolve(rel);
        if (maxCached > 0 && (cached = CachedFile.load(file, maxCached)) != null) {
            cache.putIfAbsent(rel, cached);
            serveCached(req, res, cached);
            return;
        }
        if (validators(req, res, Validators.of(file.attrs()))) {
            return;
        }
        String type = MimeTypes.of(file.path().getFileName().toString());
        res.contentType(type);
        if (precompressed(req, res, file.path(), type)) {
            return;
        }
        if (onTheFly && res.exchange().server.compressors() != null) {
            res.send(Files.readAllBytes(file.path()));
            return;
        }
        res.header("Accept-Ranges", "bytes");
        ranged(req, res, file.path(), file.attrs().size());
    }

    /** Rejects, without touching the file system, any path that could leave the root. */
    private static void checkSegments(String rel) {
        if (rel.indexOf('\\') >= 0 || rel.indexOf('\0') >= 0 || rel.startsWith("/")) {
            throw NOT_FOUND;
        }
        for (String segment : rel.split("/", -1)) {
            if (segment.equals("..") || segment.equals(".")) {
                throw NOT_FOUND;
            }
        }
    }

    /** Resolves symlinks once and reads the attributes once; anything unexpected is a 404. */
    private Resolved resolve(String rel) throws IOException {
        Path file = root.resolve(rel).normalize();
        if (!file.startsWith(root)) {
            throw NOT_FOUND;
        }
        try {
            Path real = file.toRealPath();
            if (!real.startsWith(realRoot)) {
                throw NOT_FOUND;
            }
            BasicFileAttributes attrs = Files.readAttributes(real, BasicFileAttributes.class);
            if (attrs.isDirectory() && index != null) {
                real = real.resolve(index);
                attrs = Files.readAttributes(real, BasicFileAttributes.class);
            }
            if (!attrs.isRegularFile()) {
                throw NOT_FOUND;
            }
            return new Resolved(real, attrs);
        } catch (java.nio.file.NoSuchFileException | java.nio.file.AccessDeniedException e) {
            throw NOT_FOUND;
        }
    }

    /** Sets ETag and Last-Modified; sends 304 and returns true when the client's copy is current. */
    static boolean validators(Request req, ExchangeHandle res, Validators v) {
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

    private static boolean precompressed(Request req, ExchangeHandle res, Path file, String type) {
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

    /** Sends the whole file, or the single byte range asked for (206), or 416. */
    private static void ranged(Request req, ExchangeHandle res, Path file, long size) {
        long[] range = Ranges.parse(req.header("Range"), size);
        if (range == null) {
            res.sendFileRange(file, 0, size);
        } else if (range.length == 0) {
            res.status(416).header("Content-Range", "bytes */" + size).send();
        } else {
            res.status(206).header("Content-Range", "bytes " + range[0] + "-" + range[1] + "/" + size);
            res.sendFileRange(file, range[0], range[1] - range[0] + 1);
        }
    }

    private static void serveCached(Request req, ExchangeHandle res, CachedFile f) {
        if (validators(req, res, f.validators())) {
            return;
        }
        res.contentType(f.type());
        CharSequence accept = req.peekHeader("accept-encoding");
        if (Compression.matches(Compression.DEFAULT_TYPES, f.type())) {
            res.header("Vary", "Accept-Encoding");
            if (accept != null && f.br() != null && AcceptEncoding.quality(accept, "br") > 0) {
                res.header("Content-Encoding", "br");
                res.sendPrepared(Unpooled.wrappedBuffer(f.br()));
                return;
            }
            if (accept != null && f.gz() != null && AcceptEncoding.quality(accept, "gzip") > 0) {
                res.header("Content-Encoding", "gzip");
                res.sendPrepared(Unpooled.wrappedBuffer(f.gz()));
                return;
            }
        }
        res.header("Accept-Ranges", "bytes");
        long[] range = Ranges.parse(req.header("Range"), f.bytes().length);
        if (range == null) {
            res.sendPrepared(Unpooled.wrappedBuffer(f.bytes()));
        } else if (range.length == 0) {
            res.status(416).header("Content-Range", "bytes */" + f.bytes().length).send();
        } else {
            res.status(206).header("Content-Range", "bytes " + range[0] + "-" + range[1] + "/" + f.bytes().length);
            res.sendPrepared(Unpooled.wrappedBuffer(f.bytes(), (int) range[0], (int) (range[1] - range[0] + 1)));
        }
    }
}
