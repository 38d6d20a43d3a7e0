package dev.pronto.examples.arena;

import dev.pronto.examples.arena.grpc.BenchmarkServiceGrpc;
import dev.pronto.examples.arena.grpc.StreamRequest;
import dev.pronto.examples.arena.grpc.SumReply;
import dev.pronto.examples.arena.grpc.SumRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/**
 * HttpArena's gRPC profiles (§5.15): {@code GetSum} answers a+b, {@code StreamSum} emits
 * {@code count} replies a+b+i, producing only while the client keeps up (isReady), so a slow
 * reader never makes the server buffer the whole stream. Non-blocking: served on the event loop.
 */
final class BenchmarkGrpc extends BenchmarkServiceGrpc.BenchmarkServiceImplBase {
    @Override
    public void getSum(SumRequest request, StreamObserver<SumReply> out) {
        out.onNext(SumReply.newBuilder().setResult(request.getA() + request.getB()).build());
        out.onCompleted();
    }

    @Override
    public void streamSum(StreamRequest request, StreamObserver<SumReply> out) {
        ServerCallStreamObserver<SumReply> call = (ServerCallStreamObserver<SumReply>) out;
        int base = request.getA() + request.getB();
        int count = Math.max(0, request.getCount());
        int[] next = {0};
        call.setOnReadyHandler(() -> {
            while (next[0] < count && call.isReady() && !call.isCancelled()) {
                call.onNext(SumReply.newBuilder().setResult(base + next[0]++).build());
            }
            if (next[0] == count) {
                next[0]++;
                call.onCompleted();
            }
        });
    }

    @Override
    public StreamObserver<SumRequest> collectSum(StreamObserver<SumReply> out) {
        return new StreamObserver<>() {
            private int total;

            @Override
            public void onNext(SumRequest value) {
                total += value.getA() + value.getB();
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
                out.onNext(SumReply.newBuilder().setResult(total).build());
                out.onCompleted();
            }
        };
    }

    @Override
    public StreamObserver<SumRequest> echoSum(StreamObserver<SumReply> out) {
        return new StreamObserver<>() {
            @Override
            public void onNext(SumRequest value) {
                out.onNext(SumReply.newBuilder().setResult(value.getA() + value.getB()).build());
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
                out.onCompleted();
            }
        };
    }
}
