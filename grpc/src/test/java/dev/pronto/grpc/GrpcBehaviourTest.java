package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Server;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleResponse;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Error mapping, execution and flow control, with grpc-java's Netty client over h2c. */
class GrpcBehaviourTest {
    private final BehaviourService service = new BehaviourService();
    private Server server;
    private ManagedChannel channel;

    private SimpleServiceGrpc.SimpleServiceBlockingStub start(Grpc grpc) {
        server = Wire.H2C.start(r -> r.register(grpc));
        channel = Wire.H2C.channel(server);
        return SimpleServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        if (channel != null) {
            channel.shutdownNow();
        }
        server.close();
    }

    private static SimpleRequest text(String s) {
        return SimpleRequest.newBuilder().setRequestMessage(s).build();
    }

    @Test
    void anExceptionIsUnknownWithoutItsText() {
        SimpleServiceGrpc.SimpleServiceBlockingStub stub = start(Grpc.services(service));
        assertThatThrownBy(() -> stub.unaryRpc(text("throw"))).satisfies(t -> {
            Status s = Status.fromThrowable(t);
            assertThat(s.getCode()).isEqualTo(Status.Code.UNKNOWN);
            assertThat(String.valueOf(s.getDescription())).doesNotContain("secret");
        });
    }

    @Test
    void aThrownStatusPassesThrough() {
        SimpleServiceGrpc.SimpleServiceBlockingStub stub = start(Grpc.services(service));
        assertThatThrownBy(() -> stub.unaryRpc(text("status"))).satisfies(t -> {
            assertThat(Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.NOT_FOUND);
            assertThat(Status.fromThrowable(t).getDescription()).isEqualTo("no such item");
        });
    }

    @Test
    void aNonBlockingServiceRunsOnThePlatformEventLoop() {
        assertThat(start(Grpc.services(service)).unaryRpc(text("thread")).getResponseMessage()).isEqualTo("platform");
    }

    @Test
    void aBlockingServiceRunsOnVirtualThreads() {
        SimpleServiceGrpc.SimpleServiceBlockingStub stub = start(Grpc.builder().blockingService(service).build());
        assertThat(stub.unaryRpc(text("thread")).getResponseMessage()).isEqualTo("virtual");
    }

    @Test
    void aMessageOverTheLimitIsResourceExhausted() {
        SimpleServiceGrpc.SimpleServiceBlockingStub stub = start(Grpc.builder().service(service)
                .maxInboundMessageSize(1024).build());
        assertThatThrownBy(() -> stub.unaryRpc(text("y".repeat(2000))))
                .extracting(t -> Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(stub.unaryRpc(text("small")).getResponseMessage()).isEqualTo("small");
    }

    @Test
    void aSlowClientStopsTheProducerAtTheWindowThenGetsEverything() throws Exception {
        server = Wire.H2C.start(r -> r.register(Grpc.services(service)));
        channel = NettyChannelBuilder.forAddress("localhost", server.port()).usePlaintext()
                .flowControlWindow(65535).build();
        AtomicReference<ClientCallStreamObserver<SimpleRequest>> call = new AtomicReference<>();
        AtomicInteger received = new AtomicInteger();
        CompletableFuture<Void> done = new CompletableFuture<>();
        SimpleServiceGrpc.newStub(channel).serverStreamingRpc(text("go"), new ClientResponseObserver<SimpleRequest, SimpleResponse>() {
            @Override
            public void beforeStart(ClientCallStreamObserver<SimpleRequest> requestStream) {
                call.set(requestStream);
                requestStream.disableAutoRequestWithInitial(1);
            }

            @Override
            public void onNext(SimpleResponse value) {
                received.incrementAndGet();
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                done.complete(null);
            }
        });
        assertThat(service.paused.await(10, TimeUnit.SECONDS)).isTrue();
        // window (64 KiB) + the ready limit (32 KiB) + one message in hand, in 16 KiB messages, with slack
        assertThat(service.produced.get()).isLessThanOrEqualTo(12);
        call.get().request(Integer.MAX_VALUE);
        done.get(20, TimeUnit.SECONDS);
        assertThat(received.get()).isEqualTo(BehaviourService.STREAMED);
    }
}
