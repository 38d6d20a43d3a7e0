package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Server;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.integration.BoolValue;
import io.grpc.testing.integration.EchoStatus;
import io.grpc.testing.integration.Empty;
import io.grpc.testing.integration.ResponseParameters;
import io.grpc.testing.integration.SimpleRequest;
import io.grpc.testing.integration.SimpleResponse;
import io.grpc.testing.integration.StreamingInputCallRequest;
import io.grpc.testing.integration.StreamingInputCallResponse;
import io.grpc.testing.integration.StreamingOutputCallRequest;
import io.grpc.testing.integration.StreamingOutputCallResponse;
import io.grpc.testing.integration.TestServiceGrpc;
import io.grpc.testing.integration.UnimplementedServiceGrpc;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The standard gRPC interop cases (grpc/doc/interop-test-descriptions.md), run by grpc-java's Netty
 * client against a Pronto server over h2c and over TLS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InteropTest {
    private static final int[] REQUEST_SIZES = {27182, 8, 1828, 45904};
    private static final int[] SIZES = {31415, 9, 2653, 58979};

    private final InteropService service = new InteropService();
    private final java.util.Map<Wire, Server> servers = new java.util.EnumMap<>(Wire.class);
    private final java.util.Map<Wire, ManagedChannel> channels = new java.util.EnumMap<>(Wire.class);

    @BeforeAll
    void start() {
        Grpc grpc = Grpc.builder().service(service).intercept(InteropService.echoMetadata()).build();
        for (Wire w : Wire.values()) {
            Server s = w.start(r -> r.register(grpc));
            servers.put(w, s);
            channels.put(w, w.channel(s));
            // connect (and handshake) now, so a short deadline in a test measures the call, not the connection
            blocking(w).emptyCall(Empty.getDefaultInstance());
        }
    }

    @AfterAll
    void stop() {
        channels.values().forEach(ManagedChannel::shutdownNow);
        servers.values().forEach(Server::close);
    }

    private TestServiceGrpc.TestServiceBlockingStub blocking(Wire w) {
        return TestServiceGrpc.newBlockingStub(channels.get(w)).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    private TestServiceGrpc.TestServiceStub async(Wire w) {
        return TestServiceGrpc.newStub(channels.get(w)).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void emptyUnary(Wire w) {
        assertThat(blocking(w).emptyCall(Empty.getDefaultInstance())).isEqualTo(Empty.getDefaultInstance());
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void largeUnary(Wire w) {
        SimpleResponse r = blocking(w).unaryCall(SimpleRequest.newBuilder().setResponseSize(314159)
                .setPayload(InteropService.payload(271828)).build());
        assertThat(r.getPayload().getBody().size()).isEqualTo(314159);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void clientCompressedUnary(Wire w) {
        SimpleResponse r = blocking(w).withCompression("gzip").unaryCall(SimpleRequest.newBuilder()
                .setResponseSize(314159).setPayload(InteropService.payload(271828)).build());
        assertThat(r.getPayload().getBody().size()).isEqualTo(314159);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void serverCompressedUnary(Wire w) {
        SimpleResponse r = blocking(w).unaryCall(SimpleRequest.newBuilder().setResponseSize(314159)
                .setResponseCompressed(BoolValue.newBuilder().setValue(true)).build());
        assertThat(r.getPayload().getBody().size()).isEqualTo(314159);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void clientStreaming(Wire w) throws Exception {
        CompletableFuture<StreamingInputCallResponse> done = new CompletableFuture<>();
        StreamObserver<StreamingInputCallRequest> in = async(w).streamingInputCall(observer(done));
        for (int size : REQUEST_SIZES) {
            in.onNext(StreamingInputCallRequest.newBuilder().setPayload(InteropService.payload(size)).build());
        }
        in.onCompleted();
        assertThat(done.get(10, TimeUnit.SECONDS).getAggregatedPayloadSize()).isEqualTo(74922);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void serverStreaming(Wire w) {
        Iterator<StreamingOutputCallResponse> it = blocking(w).streamingOutputCall(outputRequest(SIZES, false));
        List<Integer> sizes = new ArrayList<>();
        it.forEachRemaining(r -> sizes.add(r.getPayload().getBody().size()));
        assertThat(sizes).containsExactly(31415, 9, 2653, 58979);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void serverCompressedStreaming(Wire w) {
        StreamingOutputCallRequest req = StreamingOutputCallRequest.newBuilder()
                .addResponseParameters(ResponseParameters.newBuilder().setSize(31415)
                        .setCompressed(BoolValue.newBuilder().setValue(true)))
                .addResponseParameters(ResponseParameters.newBuilder().setSize(92653)
                        .setCompressed(BoolValue.newBuilder().setValue(false)))
                .build();
        List<Integer> sizes = new ArrayList<>();
        blocking(w).streamingOutputCall(req).forEachRemaining(r -> sizes.add(r.getPayload().getBody().size()));
        assertThat(sizes).containsExactly(31415, 92653);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void pingPong(Wire w) throws Exception {
        BlockingQueue<Object> responses = new ArrayBlockingQueue<>(10);
        StreamObserver<StreamingOutputCallRequest> in = async(w).fullDuplexCall(queueing(responses));
        for (int i = 0; i < SIZES.length; i++) {
            in.onNext(StreamingOutputCallRequest.newBuilder()
                    .addResponseParameters(ResponseParameters.newBuilder().setSize(SIZES[i]))
                    .setPayload(InteropService.payload(REQUEST_SIZES[i])).build());
            Object r = responses.poll(10, TimeUnit.SECONDS);
            assertThat(r).isInstanceOf(StreamingOutputCallResponse.class);
            assertThat(((StreamingOutputCallResponse) r).getPayload().getBody().size()).isEqualTo(SIZES[i]);
        }
        in.onCompleted();
        assertThat(responses.poll(10, TimeUnit.SECONDS)).isEqualTo("completed");
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void emptyStream(Wire w) throws Exception {
        BlockingQueue<Object> responses = new ArrayBlockingQueue<>(10);
        async(w).fullDuplexCall(queueing(responses)).onCompleted();
        assertThat(responses.poll(10, TimeUnit.SECONDS)).isEqualTo("completed");
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void cancelAfterBeginReachesTheServerContext(Wire w) throws Exception {
        service.cancellations.clear();
        CompletableFuture<StreamingInputCallResponse> done = new CompletableFuture<>();
        ClientCallStreamObserverHolder<StreamingInputCallRequest> holder = new ClientCallStreamObserverHolder<>();
        StreamObserver<StreamingInputCallRequest> in = async(w).streamingInputCall(observer(done));
        in.onNext(StreamingInputCallRequest.newBuilder().setPayload(InteropService.payload(8)).build());
        holder.cancel(in);
        assertThatThrownBy(() -> done.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(StatusRuntimeException.class)
                .cause().extracting(t -> Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.CANCELLED);
        assertThat(service.cancellations.poll(10, TimeUnit.SECONDS)).isNotNull();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void cancelAfterFirstResponseReachesTheServerContext(Wire w) throws Exception {
        service.cancellations.clear();
        BlockingQueue<Object> responses = new ArrayBlockingQueue<>(10);
        StreamObserver<StreamingOutputCallRequest> in = async(w).fullDuplexCall(queueing(responses));
        in.onNext(StreamingOutputCallRequest.newBuilder()
                .addResponseParameters(ResponseParameters.newBuilder().setSize(31415))
                .setPayload(InteropService.payload(27182)).build());
        assertThat(responses.poll(10, TimeUnit.SECONDS)).isInstanceOf(StreamingOutputCallResponse.class);
        new ClientCallStreamObserverHolder<StreamingOutputCallRequest>().cancel(in);
        assertThat(Status.fromThrowable((Throwable) responses.poll(10, TimeUnit.SECONDS)).getCode())
                .isEqualTo(Status.Code.CANCELLED);
        assertThat(service.cancellations.poll(10, TimeUnit.SECONDS)).isNotNull();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void timeoutOnSleepingServer(Wire w) throws Exception {
        service.cancellations.clear();
        StreamingOutputCallRequest slow = StreamingOutputCallRequest.newBuilder()
                .addResponseParameters(ResponseParameters.newBuilder().setSize(31415).setIntervalUs(20_000_000))
                .build();
        Iterator<StreamingOutputCallResponse> it = TestServiceGrpc.newBlockingStub(channels.get(w))
                .withDeadlineAfter(500, TimeUnit.MILLISECONDS).streamingOutputCall(slow);
        assertThatThrownBy(it::hasNext).isInstanceOf(StatusRuntimeException.class)
                .extracting(t -> Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        // the client's RST_STREAM and the server's own deadline race; either cancels the server's Context
        assertThat(service.cancellations.poll(10, TimeUnit.SECONDS)).isNotNull();
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void statusCodeAndMessage(Wire w) {
        SimpleRequest req = SimpleRequest.newBuilder()
                .setResponseStatus(EchoStatus.newBuilder().setCode(2).setMessage("test status message")).build();
        assertThatThrownBy(() -> blocking(w).unaryCall(req)).isInstanceOf(StatusRuntimeException.class)
                .satisfies(t -> {
                    Status s = Status.fromThrowable(t);
                    assertThat(s.getCode()).isEqualTo(Status.Code.UNKNOWN);
                    assertThat(s.getDescription()).isEqualTo("test status message");
                });
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void statusCodeAndMessageOnDuplex(Wire w) throws Exception {
        BlockingQueue<Object> responses = new ArrayBlockingQueue<>(10);
        StreamObserver<StreamingOutputCallRequest> in = async(w).fullDuplexCall(queueing(responses));
        in.onNext(StreamingOutputCallRequest.newBuilder()
                .setResponseStatus(EchoStatus.newBuilder().setCode(2).setMessage("test status message")).build());
        in.onCompleted();
        Status s = Status.fromThrowable((Throwable) responses.poll(10, TimeUnit.SECONDS));
        assertThat(s.getCode()).isEqualTo(Status.Code.UNKNOWN);
        assertThat(s.getDescription()).isEqualTo("test status message");
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void specialStatusMessage(Wire w) {
        String text = "\t\ntest with whitespace\r\nand Unicode BMP ☺ and non-BMP 😈\t\n";
        SimpleRequest req = SimpleRequest.newBuilder()
                .setResponseStatus(EchoStatus.newBuilder().setCode(2).setMessage(text)).build();
        assertThatThrownBy(() -> blocking(w).unaryCall(req))
                .satisfies(t -> assertThat(Status.fromThrowable(t).getDescription()).isEqualTo(text));
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void unimplementedMethod(Wire w) {
        io.grpc.MethodDescriptor<Empty, Empty> missing = TestServiceGrpc.getEmptyCallMethod().toBuilder()
                .setFullMethodName("grpc.testing.TestService/NoSuchMethod").build();
        assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(channels.get(w), missing,
                io.grpc.CallOptions.DEFAULT, Empty.getDefaultInstance()))
                .extracting(t -> Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void unimplementedService(Wire w) {
        assertThatThrownBy(() -> UnimplementedServiceGrpc.newBlockingStub(channels.get(w))
                .unimplementedCall(Empty.getDefaultInstance()))
                .extracting(t -> Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
    }

    @ParameterizedTest
    @EnumSource(Wire.class)
    void customMetadata(Wire w) {
        Metadata md = new Metadata();
        md.put(InteropService.ECHO_INITIAL, "test_initial_metadata_value");
        md.put(InteropService.ECHO_TRAILING, new byte[] {(byte) 0xab, (byte) 0xab, (byte) 0xab});
        java.util.concurrent.atomic.AtomicReference<Metadata> headers = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<Metadata> trailers = new java.util.concurrent.atomic.AtomicReference<>();
        SimpleResponse r = blocking(w).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md),
                        MetadataUtils.newCaptureMetadataInterceptor(headers, trailers))
                .unaryCall(SimpleRequest.newBuilder().setResponseSize(314159)
                        .setPayload(InteropService.payload(271828)).build());
        assertThat(r.getPayload().getBody().size()).isEqualTo(314159);
        assertThat(headers.get().get(InteropService.ECHO_INITIAL)).isEqualTo("test_initial_metadata_value");
        assertThat(trailers.get().get(InteropService.ECHO_TRAILING)).containsExactly(0xab, 0xab, 0xab);
    }

    private static StreamingOutputCallRequest outputRequest(int[] sizes, boolean compressed) {
        StreamingOutputCallRequest.Builder b = StreamingOutputCallRequest.newBuilder();
        for (int size : sizes) {
            b.addResponseParameters(ResponseParameters.newBuilder().setSize(size)
                    .setCompressed(BoolValue.newBuilder().setValue(compressed)));
        }
        return b.build();
    }

    private static <T> StreamObserver<T> observer(CompletableFuture<T> done) {
        return new StreamObserver<>() {
            @Override
            public void onNext(T value) {
                done.complete(value);
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                done.complete(null);
            }
        };
    }

    private static <T> StreamObserver<T> queueing(BlockingQueue<Object> q) {
        return new StreamObserver<>() {
            @Override
            public void onNext(T value) {
                q.add(value);
            }

            @Override
            public void onError(Throwable t) {
                q.add(t);
            }

            @Override
            public void onCompleted() {
                q.add("completed");
            }
        };
    }

    /** Cancels a client stream the way the interop client does. */
    private static final class ClientCallStreamObserverHolder<T> {
        void cancel(StreamObserver<T> in) {
            ((io.grpc.stub.ClientCallStreamObserver<T>) in).cancel("cancelled by the test", null);
        }
    }
}
