package dev.pronto.jmh.vertxgrpc;

import dev.pronto.examples.arena.grpc.StreamRequest;
import dev.pronto.examples.arena.grpc.SumReply;
import dev.pronto.examples.arena.grpc.SumRequest;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.grpc.common.GrpcMessageDecoder;
import io.vertx.grpc.common.GrpcMessageEncoder;
import io.vertx.grpc.common.ServiceMethod;
import io.vertx.grpc.common.ServiceName;
import io.vertx.grpc.server.GrpcServer;

/**
 * The Vert.x baseline of {@code jmh/load/grpc.sh}: an idiomatic Vert.x 5 gRPC server
 * (vertx-grpc-server, its own protocol implementation on Vert.x HTTP/2, no grpc-java transport)
 * serving BenchmarkService's GetSum and StreamSum with the same logic as the jmh module's
 * {@code SumService}: one event loop, native transport, h2c with prior knowledge.
 * Run: {@code java -jar jmh/vertx-grpc/target/vertx-grpc.jar 18092} (the main class is named, see the script).
 */
public final class VertxGrpcServer {
    private static final ServiceName SERVICE = ServiceName.create("benchmark.BenchmarkService");
    private static final ServiceMethod<SumRequest, SumReply> GET_SUM = ServiceMethod.server(SERVICE, "GetSum",
            GrpcMessageEncoder.encoder(), GrpcMessageDecoder.decoder(SumRequest.newBuilder()));
    private static final ServiceMethod<StreamRequest, SumReply> STREAM_SUM = ServiceMethod.server(SERVICE, "StreamSum",
            GrpcMessageEncoder.encoder(), GrpcMessageDecoder.decoder(StreamRequest.newBuilder()));

    private VertxGrpcServer() {
    }

    /** Argument: the port. */
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setPreferNativeTransport(true));
        GrpcServer grpc = GrpcServer.server(vertx);
        grpc.callHandler(GET_SUM, call -> call.handler(req ->
                call.response().end(SumReply.newBuilder().setResult(req.getA() + req.getB()).build())));
        grpc.callHandler(STREAM_SUM, call -> call.handler(req -> new StreamSumProducer(call.response(), req).run()));
        HttpServerOptions options = new HttpServerOptions().setPort(port).setHttp2ClearTextEnabled(true)
                .setTcpNoDelay(true);
        vertx.createHttpServer(options).requestHandler(grpc).listen()
                .onSuccess(s -> System.out.println("vert.x grpc listening on " + s.actualPort()));
    }
}
