package dev.pronto.jmh.grpc;

import dev.pronto.examples.arena.grpc.BenchmarkServiceGrpc;
import dev.pronto.examples.arena.grpc.StreamRequest;
import dev.pronto.examples.arena.grpc.SumReply;
import dev.pronto.examples.arena.grpc.SumRequest;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/**
 * The one BenchmarkService implementation every gRPC server of the load script serves (GetSum,
 * and StreamSum producing while the call is ready), so only the transport differs.
 */
public final class SumService extends BenchmarkServiceGrpc.BenchmarkServiceImplBase {
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
}
