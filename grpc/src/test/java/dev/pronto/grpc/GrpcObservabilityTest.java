package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.AccessLog;
import dev.pronto.core.Metrics;
import dev.pronto.core.Server;
import io.grpc.ManagedChannel;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pronto's response hooks, request metrics and access log see gRPC calls: method route and gRPC status. */
class GrpcObservabilityTest {
    private final BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    private final Metrics metrics = Metrics.create();
    private Server server;
    private ManagedChannel channel;

    private SimpleServiceGrpc.SimpleServiceBlockingStub start() {
        // metrics first, then the probe hook: once the probe saw a call, the metrics recorded it
        server = Wire.H2C.start(r -> r.register(metrics).register(Grpc.services(new BehaviourService()))
                .root().onResponse((req, status, bytes, nanos) ->
                        seen.add(req.routePattern() + " " + status + " " + req.attribute(AccessLog.GRPC_STATUS))));
        channel = Wire.H2C.channel(server);
        return SimpleServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.close();
    }

    private static SimpleRequest text(String s) {
        return SimpleRequest.newBuilder().setRequestMessage(s).build();
    }

    @Test
    void aResponseHookSeesTheMethodRouteAndTheGrpcStatus() throws InterruptedException {
        SimpleServiceGrpc.SimpleServiceBlockingStub stub = start();
        assertThatThrownBy(() -> stub.unaryRpc(text("status")));
        assertThat(seen.poll(10, TimeUnit.SECONDS)).isEqualTo("/grpc.testing.SimpleService/UnaryRpc 200 5");
    }

    @Test
    void anUnknownMethodIsSeenAsUnimplemented() throws InterruptedException {
        start();
        io.grpc.MethodDescriptor<SimpleRequest, SimpleRequest> missing = SimpleServiceGrpc.getUnaryRpcMethod().toBuilder(
                        SimpleServiceGrpc.getUnaryRpcMethod().getRequestMarshaller(),
                        SimpleServiceGrpc.getUnaryRpcMethod().getRequestMarshaller())
                .setFullMethodName("grpc.testing.SimpleService/NoSuchMethod").build();
        assertThatThrownBy(() -> io.grpc.stub.ClientCalls.blockingUnaryCall(channel, missing,
                io.grpc.CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), text("x")));
        assertThat(seen.poll(10, TimeUnit.SECONDS)).isEqualTo("/grpc.testing.SimpleService/{method} 200 12");
    }

    @Test
    void requestMetricsRecordTheGrpcProtocolAndTheMappedStatus() throws InterruptedException {
        SimpleServiceGrpc.SimpleServiceBlockingStub stub = start();
        stub.unaryRpc(text("hello"));
        assertThatThrownBy(() -> stub.unaryRpc(text("status")));
        assertThat(seen.poll(10, TimeUnit.SECONDS)).isNotNull();
        assertThat(seen.poll(10, TimeUnit.SECONDS)).isNotNull();
        String scrape = metrics.scrape();
        assertThat(scrape).contains("uri=\"/grpc.testing.SimpleService/UnaryRpc\"")
                .containsPattern("http_server_requests_seconds_count\\{[^}]*protocol=\"grpc\"[^}]*status=\"200\"[^}]*} 1")
                .containsPattern("http_server_requests_seconds_count\\{[^}]*protocol=\"grpc\"[^}]*status=\"404\"[^}]*} 1")
                .doesNotContain("protocol=\"HTTP/2.0\"");
    }
}
