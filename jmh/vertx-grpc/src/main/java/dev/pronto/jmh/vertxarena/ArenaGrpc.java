package dev.pronto.jmh.vertxarena;

import com.google.protobuf.MessageOrBuilder;
import dev.pronto.examples.arena.grpc.StreamRequest;
import dev.pronto.examples.arena.grpc.SumReply;
import dev.pronto.examples.arena.grpc.SumRequest;
import dev.pronto.jmh.vertxgrpc.StreamSumProducer;
import io.vertx.core.Vertx;
import io.vertx.grpc.common.GrpcMessageDecoder;
import io.vertx.grpc.common.GrpcMessageEncoder;
import io.vertx.grpc.common.ServiceMethod;
import io.vertx.grpc.common.ServiceName;
import io.vertx.grpc.server.GrpcServer;

/**
 * HttpArena's {@code BenchmarkService} on Vert.x's gRPC server, with the arena app's logic: GetSum answers
 * a+b, StreamSum emits {@code count} replies a+b+i while the write queue has room, CollectSum sums a stream,
 * EchoSum answers each message.
 */
final class ArenaGrpc {
    private static final ServiceName SERVICE = ServiceName.create("benchmark.BenchmarkService");
    private static final ServiceMethod<SumRequest, SumReply> GET_SUM = method("GetSum", SumRequest.newBuilder());
    private static final ServiceMethod<StreamRequest, SumReply> STREAM_SUM = method("StreamSum", StreamRequest.newBuilder());
    private static final ServiceMethod<SumRequest, SumReply> COLLECT_SUM = method("CollectSum", SumRequest.newBuilder());
    private static final ServiceMethod<SumRequest, SumReply> ECHO_SUM = method("EchoSum", SumRequest.newBuilder());

    private ArenaGrpc() {
    }

    /** A gRPC server (an HTTP request handler) serving the four methods. */
    static GrpcServer server(Vertx vertx) {
        GrpcServer grpc = GrpcServer.server(vertx);
        grpc.callHandler(GET_SUM, call -> call.handler(req -> call.response().end(reply(req.getA() + req.getB()))));
        grpc.callHandler(STREAM_SUM, call -> call.handler(req -> new StreamSumProducer(call.response(), req).run()));
        grpc.callHandler(COLLECT_SUM, call -> {
            int[] total = {0};
            call.handler(req -> total[0] += req.getA() + req.getB());
            call.endHandler(v -> call.response().end(reply(total[0])));
        });
        grpc.callHandler(ECHO_SUM, call -> {
            call.handler(req -> call.response().write(reply(req.getA() + req.getB())));
            call.endHandler(v -> call.response().end());
        });
        return grpc;
    }

    private static <T> ServiceMethod<T, SumReply> method(String name, MessageOrBuilder prototype) {
        return ServiceMethod.server(SERVICE, name, GrpcMessageEncoder.encoder(), GrpcMessageDecoder.decoder(prototype));
    }

    private static SumReply reply(int result) {
        return SumReply.newBuilder().setResult(result).build();
    }
}
