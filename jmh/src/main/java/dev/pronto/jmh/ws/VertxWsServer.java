package dev.pronto.jmh.ws;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.transport.Transport;

/**
 * The Vert.x baseline of the ws load script: an idiomatic Vert.x 5 {@code HttpServer} WebSocket
 * handler on {@code /ws} echoing text and binary messages, one event loop, on epoll, or on the transport
 * named by the second argument ({@code IO_URING}). Run:
 * {@code java -cp benchmarks.jar dev.pronto.jmh.ws.VertxWsServer 8091 [IO_URING]}.
 */
public final class VertxWsServer {
    private VertxWsServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8091;
        Transport transport = args.length > 1 && "IO_URING".equals(args[1]) ? Transport.IO_URING : Transport.EPOLL;
        Vertx vertx = Vertx.builder().with(new VertxOptions().setEventLoopPoolSize(1)).withTransport(transport).build();
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
                .onSuccess(s -> System.out.println("vert.x ws listening on " + s.actualPort() + " (" + vertx.isNativeTransportEnabled() + ")"));
    }
}
