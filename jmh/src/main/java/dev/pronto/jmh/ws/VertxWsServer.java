package dev.pronto.jmh.ws;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;

/**
 * The Vert.x baseline of the ws load script: an idiomatic Vert.x 5 {@code HttpServer} WebSocket
 * handler on {@code /ws} echoing text and binary messages, one event loop, native transport when
 * available. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.ws.VertxWsServer 8091}.
 */
public final class VertxWsServer {
    private VertxWsServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8091;
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setPreferNativeTransport(true));
        vertx.createHttpServer(new HttpServerOptions().setPort(port).setTcpNoDelay(true))
                .webSocketHandler(ws -> {
                    if (!"/ws".equals(ws.path())) {
                        ws.close((short) 1008);
                        return;
                    }
                    ws.textMessageHandler(ws::writeTextMessage);
                    ws.binaryMessageHandler(ws::writeBinaryMessage);
                })
                .requestHandler(req -> req.response().setStatusCode(426).end())
                .listen()
                .onSuccess(s -> System.out.println("vert.x ws listening on " + s.actualPort()));
    }
}
