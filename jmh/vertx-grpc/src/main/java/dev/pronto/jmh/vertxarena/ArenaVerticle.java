package dev.pronto.jmh.vertxarena;

import io.netty.handler.codec.compression.BrotliMode;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.grpc.server.GrpcServer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.List;

/**
 * One instance per event loop, each listening on every arena port (Vert.x shares each port between the
 * instances, spreading its connections over the event loops): {@code PORT} HTTP/1.1 and h2c prior knowledge, {@code H2C_PORT} h2c only (HTTP/1.1 gets
 * 505), and when the PEM pair is readable {@code TLS_PORT} (HTTPS, HTTP/1.1 only) and {@code H2_PORT} (ALPN h2
 * and http/1.1), on OpenSSL when available. Responses are compressed (brotli 5, gzip 6, from 1 KiB).
 */
final class ArenaVerticle extends VerticleBase {
    private final ArenaEnv env;
    private final ArenaRoutes.Shared shared;
    private final List<HttpServer> servers = new ArrayList<>();

    ArenaVerticle(ArenaEnv env, ArenaRoutes.Shared shared) {
        this.env = env;
        this.shared = shared;
    }

    @Override
    public Future<?> start() {
        Handler<HttpServerRequest> handler = routes();
        List<Future<HttpServer>> listening = new ArrayList<>();
        listening.add(vertx.createHttpServer(options(env.port(), 1)).requestHandler(handler).listen());
        listening.add(vertx.createHttpServer(options(env.h2cPort(), 2)).requestHandler(req -> {
            if (req.version() == HttpVersion.HTTP_2) {
                handler.handle(req);
            } else {
                req.response().setStatusCode(505).putHeader("connection", "close").end();
            }
        }).listen());
        if (env.hasCertificate()) {
            listening.add(vertx.createHttpServer(tls(options(env.tlsPort(), 3))).requestHandler(handler).listen());
            listening.add(vertx.createHttpServer(tls(options(env.h2Port(), 4)).setUseAlpn(true)
                    .setAlpnVersions(List.of(HttpVersion.HTTP_2, HttpVersion.HTTP_1_1))).requestHandler(handler).listen());
        }
        return Future.all(listening).onSuccess(all -> {
            for (int i = 0; i < all.size(); i++) {
                servers.add(all.resultAt(i));
            }
        });
    }

    /** gRPC requests (by content type) to Vert.x's gRPC server, the rest to the router. */
    private Handler<HttpServerRequest> routes() {
        Router router = ArenaRoutes.router(vertx, shared);
        GrpcServer grpc = ArenaGrpc.server(vertx);
        return req -> {
            String type = req.getHeader(HttpHeaders.CONTENT_TYPE);
            if (type != null && type.startsWith("application/grpc")) {
                grpc.handle(req);
            } else {
                router.handle(req);
            }
        };
    }

    /** The bound ports in listener order: PORT, H2C_PORT, then TLS_PORT and H2_PORT when TLS is on. */
    List<Integer> ports() {
        return servers.stream().map(HttpServer::actualPort).toList();
    }

    /**
     * A listener's options. Port 0 becomes {@code -listener}: Vert.x shares a server between the instances only
     * for a fixed port or a negative one (one free port per negative value); 0 would give each instance its own.
     */
    private static HttpServerOptions options(int port, int listener) {
        return new HttpServerOptions().setPort(port == 0 ? -listener : port).setHttp2ClearTextEnabled(true).setCompressionSupported(true)
                .setCompressionContentSizeThreshold(1024)
                .addCompressor(StandardCompressionOptions.brotli(5, 22, BrotliMode.TEXT))
                .addCompressor(StandardCompressionOptions.gzip(6, 15, 8));
    }

    private HttpServerOptions tls(HttpServerOptions options) {
        return options.setSsl(true)
                .setKeyCertOptions(new PemKeyCertOptions().setCertPath(env.tlsCert().toString())
                        .setKeyPath(env.tlsKey().toString()))
                .setSslEngineOptions(OpenSSLEngineOptions.isAvailable() ? new OpenSSLEngineOptions()
                        : new JdkSSLEngineOptions());
    }
}
