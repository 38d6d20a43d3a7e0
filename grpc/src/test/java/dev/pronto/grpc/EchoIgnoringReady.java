package dev.pronto.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleResponse;
import io.grpc.testing.protobuf.SimpleServiceGrpc;

/**
 * A bidirectional echo that answers every request at once, never asking {@code isReady()}; counts
 * the calls it was told were cancelled.
 */
final class EchoIgnoringReady extends SimpleServiceGrpc.SimpleServiceImplBase {
    static final String PATH = "/" + SimpleServiceGrpc.getBidiStreamingRpcMethod().getFullMethodName();

    final java.util.concurrent.atomic.AtomicInteger cancelled = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public StreamObserver<SimpleRequest> bidiStreamingRpc(StreamObserver<SimpleResponse> out) {
        ((ServerCallStreamObserver<SimpleResponse>) out).setOnCancelHandler(cancelled::incrementAndGet);
        return new StreamObserver<>() {
            @Override
            public void onNext(SimpleRequest value) {
                out.onNext(SimpleResponse.newBuilder().setResponseMessage(value.getRequestMessage()).build());
            }

            @Override
            public void onError(Throwable t) {
                // the call is over: nothing left to answer
            }

            @Override
            public void onCompleted() {
                out.onCompleted();
            }
        };
    }
}
