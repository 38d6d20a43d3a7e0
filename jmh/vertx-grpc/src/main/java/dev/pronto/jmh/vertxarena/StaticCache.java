package dev.pronto.jmh.vertxarena;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.MimeMapping;
import io.vertx.ext.web.RoutingContext;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * {@code /static/*}: HttpArena's flat directory served from memory, each file read with its precompressed
 * {@code .br} and {@code .gz} siblings on its first request (the arena app's memory cache), the sibling the
 * client accepts sent with {@code Content-Encoding}. Only names of existing files are cached, so unknown
 * names cannot grow it; names with a path separator or a leading dot are 404.
 */
final class StaticCache {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private record File(Buffer plain, Buffer gzip, Buffer brotli, String type) {
    }

    private final Vertx vertx;
    private final Path dir;
    private final ConcurrentHashMap<String, Future<File>> files = new ConcurrentHashMap<>();

    StaticCache(Vertx vertx, Path dir) {
        this.vertx = vertx;
        this.dir = dir;
    }

    /** The route handler of {@code /static/*}. */
    void handle(RoutingContext rc) {
        String name = rc.pathParam("*");
        if (name == null || !NAME.matcher(name).matches()) {
            rc.response().setStatusCode(404).end();
            return;
        }
        Future<File> file = files.get(name);
        if (file == null) {
            file = load(name);
        }
        file.onComplete(ar -> {
            if (ar.failed()) {
                rc.response().setStatusCode(404).end();
            } else {
                send(rc, ar.result());
            }
        });
    }

    private Future<File> load(String name) {
        String path = dir.resolve(name).toString();
        Future<File> loading = vertx.fileSystem().readFile(path).compose(plain ->
                Future.all(sibling(path + ".gz"), sibling(path + ".br")).map(both -> new File(plain, both.resultAt(0),
                        both.resultAt(1), MimeMapping.mimeTypeForFilename(name))));
        loading.onSuccess(f -> files.putIfAbsent(name, loading));
        return loading;
    }

    private Future<Buffer> sibling(String path) {
        return vertx.fileSystem().readFile(path).otherwise((Buffer) null);
    }

    private static void send(RoutingContext rc, File file) {
        String accept = rc.request().getHeader(HttpHeaders.ACCEPT_ENCODING);
        HttpServerResponse res = rc.response().putHeader(HttpHeaders.CONTENT_TYPE,
                file.type() == null ? "application/octet-stream" : file.type());
        if (file.gzip() != null || file.brotli() != null) {
            res.putHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        }
        if (accept != null && file.brotli() != null && accept.contains("br")) {
            res.putHeader(HttpHeaders.CONTENT_ENCODING, "br").end(file.brotli());
        } else if (accept != null && file.gzip() != null && accept.contains("gzip")) {
            res.putHeader(HttpHeaders.CONTENT_ENCODING, "gzip").end(file.gzip());
        } else {
            if (accept != null) {
                // the documented way to keep Vert.x's compressor off a body: it drops this header when it sees it
                res.putHeader(HttpHeaders.CONTENT_ENCODING, HttpHeaders.IDENTITY);
            }
            res.end(file.plain());
        }
    }
}
