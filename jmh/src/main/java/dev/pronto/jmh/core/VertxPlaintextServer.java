package dev.pronto.jmh.core;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;

/**
 * The Vert.x baseline of {@code jmh/load/startup.sh}: an idiomatic Vert.x 5 {@code HttpServer} with
 * default event loops and native transport when available, answering {@code Hello, World!} on every
 * path, as {@code hello.jar} does on {@code /plaintext}. Run:
 * {@code java -cp benchmarks.jar dev.pronto.jmh.core.VertxPlaintextServer 8080}.
 */
public final class VertxPlaintextServer {
    private static final Buffer BODY = Buffer.buffer("Hello, World!");

    private VertxPlaintextServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        vertx.createHttpServer()
                .requestHandler(req -> req.response().putHeader("content-type", "text/plain").end(BODY))
                .listen(port)
                .onSuccess(s -> System.out.println("vert.x plaintext listening on " + s.actualPort()));
    }
}
