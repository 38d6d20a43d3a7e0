package dev.pronto.core.internal;

import dev.pronto.core.ContentCoding;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/** The implementation behind {@code StaticFiles}: resolution, validators, ranges and encodings. */
public final class StaticFileServer {
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
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

    /** Answers {@code req}; 404 for anything that is not a regular file inside the root. */
    public void serve(Request req, Response response) throws IOException {
        ServerResponse res = (ServerResponse) response;
        String rel = req.param("path");
        Path file = resolve(rel == null ? "" : rel);
        if (maxCached > 0) {
            CachedFile cached = cache.get(file.toString());
            if (cached == null && (cached = CachedFile.load(file, maxCached)) != null) {
                cache.putIfAbsent(file.toString(), cached);
            }
            if (cached != null) {
                serveCached(req, res, cached);
                return;
            }
        }
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        String etag = etag(attrs.size(), attrs.lastModifiedTime().toMillis());
        long modified = attrs.lastModifiedTime().toMillis() / 1000;
        if (validators(req, res, etag, modified)) {
            return;
        }
        String type = MimeTypes.of(file.getFileName().toString());
        res.contentType(type);
        if (precompressed(req, res, file, type)) {
            return;
        }
        if (onTheFly && res.e().conn.server.compressors() != null) {
            res.send(Files.readAllBytes(file));
            return;
        }
        res.header("Accept-Ranges", "bytes");
        ranged(req, res, file, attrs.size());
    }

    private Path resolve(String rel) throws IOException {
        if (rel.indexOf('\\') >= 0 || rel.indexOf('\0') >= 0 || rel.startsWith("/")) {
            throw NOT_FOUND;
        }
        for (String segment : rel.split("/", -1)) {
            if (segment.equals("..") || segment.equals(".")) {
                throw NOT_FOUND;
            }
        }
        Path file = root.resolve(rel).normalize();
        if (!file.startsWith(root) || !Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.exists(file)) {
            throw NOT_FOUND;
        }
        Path real = file.toRealPath();
        if (!real.startsWith(realRoot)) {
            throw NOT_FOUND;
        }
        if (Files.isDirectory(real)) {
            if (index == null || !Files.isRegularFile(real.resolve(index))) {
                throw NOT_FOUND;
            }
            return real.resolve(index);
        }
        if (!Files.isRegularFile(real) || !Files.isReadable(real)) {
            throw NOT_FOUND;
        }
        return real;
    }

    static String etag(long size, long modifiedMillis) {
        return "\"" + Long.toHexString(size) + "-" + Long.toHexString(modifiedMillis) + "\"";
    }

    /** Sets ETag and Last-Modified; sends 304 and returns true when the client's copy is current. */
    static boolean validators(Request req, ServerResponse res, String etag, long modifiedSeconds) {
        res.header("ETag", etag).header("Last-Modified", HTTP_DATE.format(Instant.ofEpochSecond(modifiedSeconds)));
        String inm = req.header("If-None-Match");
        boolean notModified;
        if (inm != null) {
            notModified = inm.trim().equals("*") || matchesAny(inm, etag);
        } else {
            notModified = modifiedSince(req.header("If-Modified-Since"), modifiedSeconds);
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

    private static boolean modifiedSince(String ims, long modifiedSeconds) {
        if (ims == null) {
            return false;
        }
        try {
            return modifiedSeconds <= Instant.from(HTTP_DATE.parse(ims.trim())).getEpochSecond();
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static boolean precompressed(Request req, ServerResponse res, Path file, String type) {
        CharSequence accept = req.peekHeader("accept-encoding");
        if (!Encodings.compressible(type)) {
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
    private static void ranged(Request req, ServerResponse res, Path file, long size) {
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

    private static void serveCached(Request req, ServerResponse res, CachedFile f) {
        if (validators(req, res, f.etag(), f.modifiedSeconds())) {
            return;
        }
        res.contentType(f.type());
        CharSequence accept = req.peekHeader("accept-encoding");
        if (Encodings.compressible(f.type())) {
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
