package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleResponse;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Messages a callback produces on the event loop leave as one write (few DATA frames, seen with a
 * raw HTTP/2 client), while a blocking service's messages leave one by one, so one sent before a
 * wait reaches the client during the wait.
 */
class GrpcGatheringTest {
    private static final int MESSAGES = 100;
    private final CountDownLatch firstReceived = new CountDownLatch(1);
    private Server server;

    @AfterEach
    void stop() {
        server.close();
    }

    /** Streams {@link #MESSAGES} small replies from one callback; or, for "wait", one reply, a wait, another. */
    private final class Producer extends SimpleServiceGrpc.SimpleServiceImplBase {
        @Override
        public void serverStreamingRpc(SimpleRequest request, StreamObserver<SimpleResponse> out) {
            if (request.getRequestMessage().equals("wait")) {
                out.onNext(reply("first"));
                boolean seen;
                try {
                    seen = firstReceived.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    seen = false;
                }
                out.onNext(reply(seen ? "seen" : "held"));
            } else {
                for (int i = 0; i < MESSAGES; i++) {
                    out.onNext(reply("m" + i));
                }
            }
            out.onCompleted();
        }

        private SimpleResponse reply(String text) {
            return SimpleResponse.newBuilder().setResponseMessage(text).build();
        }
    }

    private static byte[] request(String text) {
        byte[] message = SimpleRequest.newBuilder().setRequestMessage(text).build().toByteArray();
        byte[] framed = new byte[5 + message.length];
        framed[4] = (byte) message.length;
        System.arraycopy(message, 0, framed, 5, message.length);
        return framed;
    }

    @Test
    void messagesOfOneCallbackLeaveInOneDataFrame() throws Exception {
        server = Wire.H2C.start(r -> r.register(Grpc.services(new Producer())));

        RawH2c.Answer a = RawH2c.post(server.port(), "/grpc.testing.SimpleService/ServerStreamingRpc",
                Map.of("content-type", "application/grpc", "te", "trailers"), request("go"));

        assertThat(a.trailers()).containsEntry("grpc-status", "0");
        // the batch, then the empty DATA frame that ends the stream before the trailers
        assertThat(a.dataFrames()).isLessThanOrEqualTo(2);
        assertThat(a.body().length).isGreaterThan(MESSAGES * 7);
    }

    @Test
    void aBlockingServicesMessageLeavesBeforeItsNextWait() throws Exception {
        server = Wire.H2C.start(r -> r.register(Grpc.builder().blockingService(new Producer()).build()));
        ManagedChannel channel = Wire.H2C.channel(server);
        try {
            CompletableFuture<String> last = new CompletableFuture<>();
            SimpleServiceGrpc.newStub(channel).serverStreamingRpc(SimpleRequest.newBuilder().setRequestMessage("wait").build(),
                    new StreamObserver<>() {
                        @Override
                        public void onNext(SimpleResponse value) {
                            firstReceived.countDown();
                            last.obtrudeValue(value.getResponseMessage());
                        }

                        @Override
                        public void onError(Throwable t) {
                            last.completeExceptionally(t);
                        }

                        @Override
                        public void onCompleted() {
                        }
                    });

            assertThat(firstReceived.await(20, TimeUnit.SECONDS)).isTrue();
            channel.shutdown().awaitTermination(20, TimeUnit.SECONDS);
            assertThat(last.getNow("none")).isEqualTo("seen");
        } finally {
            channel.shutdownNow();
        }
    }
}
