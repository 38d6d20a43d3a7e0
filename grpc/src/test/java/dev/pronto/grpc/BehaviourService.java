package dev.pronto.grpc;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleResponse;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service whose unary answer depends on the request text ({@code throw}, {@code status},
 * {@code thread}), and whose server stream produces {@link #STREAMED} messages of {@link #SIZE}
 * bytes only while the call is ready, counting what it produced and signalling when it paused.
 */
final class BehaviourService extends SimpleServiceGrpc.SimpleServiceImplBase {
    static final int STREAMED = 200;
    static final int SIZE = 16 * 1024;

    final AtomicInteger produced = new AtomicInteger();
    final CountDownLatch paused = new CountDownLatch(1);

    @Override
    public void unaryRpc(SimpleRequest request, StreamObserver<SimpleResponse> out) {
        switch (request.getRequestMessage()) {
            case "throw" -> throw new IllegalStateException("secret-db-password");
            case "status" -> throw Status.NOT_FOUND.withDescription("no such item").asRuntimeException();
            case "thread" -> reply(out, Thread.currentThread().isVirtual() ? "virtual" : "platform");
            default -> reply(out, request.getRequestMessage());
        }
    }

    private static void reply(StreamObserver<SimpleResponse> out, String text) {
        out.onNext(SimpleResponse.newBuilder().setResponseMessage(text).build());
        out.onCompleted();
    }

    @Override
    public void serverStreamingRpc(SimpleRequest request, StreamObserver<SimpleResponse> out) {
        ServerCallStreamObserver<SimpleResponse> call = (ServerCallStreamObserver<SimpleResponse>) out;
        SimpleResponse chunk = SimpleResponse.newBuilder().setResponseMessage("x".repeat(SIZE)).build();
        call.setOnReadyHandler(() -> {
            while (call.isReady() && produced.get() < STREAMED) {
                produced.incrementAndGet();
                call.onNext(chunk);
            }
            if (produced.get() == STREAMED) {
                produced.incrementAndGet();
                call.onCompleted();
            } else if (produced.get() < STREAMED) {
                paused.countDown();
            }
        });
    }
}
