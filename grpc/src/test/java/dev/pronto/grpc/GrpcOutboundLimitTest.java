package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleResponse;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a call may queue for a client that does not read: past the per-call or per-connection limit
 * the stream is reset (ENHANCE_YOUR_CALM, which grpc-java reports as RESOURCE_EXHAUSTED) and the
 * application's listener is cancelled, instead of replies piling up in the heap.
 */
class GrpcOutboundLimitTest {
    private static final long ENHANCE_YOUR_CALM = 0xb;
    private static final int KIB = 1024;
    private static final byte[] ONE_KIB_REQUEST = SimpleRequest.newBuilder().setRequestMessage("x".repeat(KIB)).build()
            .toByteArray();
    private final EchoIgnoringReady echo = new EchoIgnoringReady();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void stop() {
        if (channel != null) {
            channel.shutdownNow();
        }
        server.close();
    }

    private int start(Grpc grpc) {
        server = Wire.H2C.start(r -> r.register(grpc));
        return server.port();
    }

    @Test
    void aCallPastItsLimitIsResetWithEnhanceYourCalm() throws Exception {
        int port = start(Grpc.builder().service(echo).outboundBufferPerCall(64 * KIB).build());
        try (NoReadH2c client = new NoReadH2c(port)) {
            client.open(3, EchoIgnoringReady.PATH);
            client.send(3, ONE_KIB_REQUEST, 200);

            assertThat(client.reset(3).get(10, TimeUnit.SECONDS)).isEqualTo(ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void theApplicationIsToldTheResetCallWasCancelled() throws Exception {
        int port = start(Grpc.builder().service(echo).outboundBufferPerCall(64 * KIB).build());
        try (NoReadH2c client = new NoReadH2c(port)) {
            client.open(3, EchoIgnoringReady.PATH);
            client.send(3, ONE_KIB_REQUEST, 200);
            client.reset(3).get(10, TimeUnit.SECONDS);

            awaitCancelled();
            assertThat(echo.cancelled.get()).isEqualTo(1);
        }
    }

    private void awaitCancelled() {
        // a timeout leaves the caller's count assertion to tell
        Await.within(Duration.ofSeconds(10), () -> echo.cancelled.get() > 0);
    }

    @Test
    void callsOfOneConnectionArePastTheConnectionLimitTogether() throws Exception {
        // each call stays under its own limit (300 KiB of replies); four of them pass the connection's 1 MiB
        int port = start(Grpc.builder().service(echo).outboundBufferPerCall(1024 * KIB)
                .outboundBufferPerConnection(1024 * KIB).build());
        try (NoReadH2c client = new NoReadH2c(port)) {
            CompletableFuture<?>[] resets = new CompletableFuture<?>[4];
            for (int i = 0; i < resets.length; i++) {
                int stream = 3 + 2 * i;
                client.open(stream, EchoIgnoringReady.PATH);
                client.send(stream, ONE_KIB_REQUEST, 300);
                resets[i] = client.reset(stream);
            }

            assertThat(CompletableFuture.anyOf(resets).get(10, TimeUnit.SECONDS)).isEqualTo(ENHANCE_YOUR_CALM);
        }
    }

    @Test
    void aGrpcJavaClientThatDoesNotReadSeesResourceExhausted() throws Exception {
        int port = start(Grpc.builder().service(echo).outboundBufferPerCall(64 * KIB).build());
        // a fixed 64 KiB window that grpc-java returns only for messages the application requested: none here
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().flowControlWindow(64 * KIB).build();
        ClientCall<SimpleRequest, SimpleResponse> call = channel.newCall(SimpleServiceGrpc.getBidiStreamingRpcMethod(),
                CallOptions.DEFAULT);
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                closed.complete(status);
            }
        }, new Metadata());
        SimpleRequest request = SimpleRequest.parseFrom(ONE_KIB_REQUEST);
        for (int i = 0; i < 400; i++) {
            call.sendMessage(request);
        }
        awaitCancelled();
        // grpc-java reports a reset only after the messages received before it: read them now
        call.request(Integer.MAX_VALUE);

        assertThat(closed.get(10, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }

    @Test
    void aStreamThatRespectsIsReadyNeverReachesTheLimit() {
        BehaviourService streaming = new BehaviourService();
        start(Grpc.builder().service(streaming).outboundBufferPerCall(64 * KIB).outboundBufferPerConnection(64 * KIB)
                .build());
        channel = Wire.H2C.channel(server);
        java.util.Iterator<SimpleResponse> replies = SimpleServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS).serverStreamingRpc(SimpleRequest.getDefaultInstance());
        int n = 0;
        while (replies.hasNext()) {
            replies.next();
            n++;
        }

        assertThat(n).isEqualTo(BehaviourService.STREAMED);
    }
}
