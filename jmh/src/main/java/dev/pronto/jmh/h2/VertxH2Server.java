package dev.pronto.jmh.h2;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;

/**
 * The Vert.x baseline of the h2 load script: an idiomatic Vert.x 5 {@code HttpServer} with h2c
 * (prior knowledge) enabled, or TLS with ALPN h2 on OpenSSL when given a PEM certificate and key, one event loop, native transport when available, answering
 * {@code /baseline2}. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.VertxH2Server 8083}.
 */
public final class VertxH2Server {
    private VertxH2Server() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8083;
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setPreferNativeTransport(true));
        HttpServerOptions options = new HttpServerOptions().setPort(port).setHttp2ClearTextEnabled(true)
                .setTcpNoDelay(true);
        if (args.length > 2) {
            // TLS with ALPN h2 on OpenSSL, as a tuned Vert.x deployment runs it
            options.setSsl(true).setUseAlpn(true)
                    .setKeyCertOptions(new io.vertx.core.net.PemKeyCertOptions().setCertPath(args[1]).setKeyPath(args[2]))
                    .setSslEngineOptions(new io.vertx.core.net.OpenSSLEngineOptions());
        }
        options.getInitialSettings().setMaxConcurrentStreams(256);
        vertx.createHttpServer(options)
                .requestHandler(req -> req.response().putHeader("content-type", "text/plain; charset=utf-8")
                        .end(Long.toString(Baseline2.sum(req.getParam("a"), req.getParam("b")))))
                .listen()
                .onSuccess(s -> System.out.println("vert.x h2 listening on " + s.actualPort()));
    }
}
