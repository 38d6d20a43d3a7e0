package dev.pronto.jmh.h2;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The Vert.x baseline of the arena modes of the h2 load script: an idiomatic Vert.x 5
 * {@code HttpServer} (h2c, or TLS with ALPN h2 on OpenSSL), one event loop, native transport,
 * answering {@code /json/{count}?m=} through Vert.x's Jackson codec and {@code /static/*} from
 * memory, choosing the precompressed {@code .br} or {@code .gz} sibling the client accepts, as the
 * Pronto server does. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.VertxArenaH2Server 8083 [cert key]}.
 */
public final class VertxArenaH2Server {
    private static final Map<String, Buffer> FILES = new HashMap<>();

    private VertxArenaH2Server() {
    }

    /** Arguments: port, then optionally a PEM certificate and key for TLS (h2 through ALPN) instead of h2c. */
    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8083;
        load();
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setPreferNativeTransport(true));
        HttpServerOptions options = new HttpServerOptions().setPort(port).setHttp2ClearTextEnabled(true)
                .setTcpNoDelay(true);
        if (args.length > 2) {
            options.setSsl(true).setUseAlpn(true)
                    .setKeyCertOptions(new io.vertx.core.net.PemKeyCertOptions().setCertPath(args[1]).setKeyPath(args[2]))
                    .setSslEngineOptions(new io.vertx.core.net.OpenSSLEngineOptions());
        }
        options.getInitialSettings().setMaxConcurrentStreams(256);
        vertx.createHttpServer(options).requestHandler(VertxArenaH2Server::handle).listen()
                .onSuccess(s -> System.out.println("vert.x arena h2 listening on " + s.actualPort()));
    }

    private static void handle(HttpServerRequest req) {
        String path = req.path();
        if (path.startsWith("/json/")) {
            Buffer body = Json.encodeToBuffer(ArenaH2.json(path.substring(6), req.getParam("m")));
            req.response().putHeader("content-type", "application/json").end(body);
        } else if (path.startsWith("/static/")) {
            sendStatic(req, path.substring(8));
        } else {
            req.response().setStatusCode(404).end();
        }
    }

    private static void sendStatic(HttpServerRequest req, String name) {
        Buffer plain = FILES.get(name);
        if (plain == null) {
            req.response().setStatusCode(404).end();
            return;
        }
        String accept = req.getHeader("accept-encoding");
        String coding = accept == null ? null : accept.contains("br") && FILES.containsKey(name + ".br") ? "br"
                : accept.contains("gzip") && FILES.containsKey(name + ".gz") ? "gzip" : null;
        req.response().putHeader("content-type", ArenaH2.type(name)).putHeader("vary", "accept-encoding");
        if (coding == null) {
            req.response().end(plain);
        } else {
            req.response().putHeader("content-encoding", coding)
                    .end(FILES.get(name + ("br".equals(coding) ? ".br" : ".gz")));
        }
    }

    private static void load() {
        try (var files = Files.list(ArenaH2.staticDir())) {
            for (Path p : (Iterable<Path>) files::iterator) {
                FILES.put(p.getFileName().toString(), Buffer.buffer(Files.readAllBytes(p)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
