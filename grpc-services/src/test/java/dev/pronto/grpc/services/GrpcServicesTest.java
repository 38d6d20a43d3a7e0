package dev.pronto.grpc.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Health;
import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Health and reflection served by Pronto, asked by grpc-java's Netty client over h2c. */
class GrpcServicesTest {
    private final Health health = Health.create();
    private final GrpcHealth grpcHealth = GrpcHealth.of(health).status("grpc.testing.SimpleService", ServingStatus.SERVING);
    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() {
        server = Server.builder().listener(Listener.http(0)).routes(r -> r.register(health)
                .register(Grpc.builder().service(new SimpleServiceGrpc.SimpleServiceImplBase() { })
                        .service(grpcHealth).service(GrpcReflection.v1()).service(GrpcReflection.v1alpha()).build()))
                .build().start();
        channel = io.grpc.Grpc.newChannelBuilderForAddress("localhost", server.port(), InsecureChannelCredentials.create()).build();
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.close();
    }

    private ServingStatus check(String service) {
        return HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                .check(HealthCheckRequest.newBuilder().setService(service).build()).getStatus();
    }

    @Test
    void theServerIsServing() {
        assertThat(check("")).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    void aServiceHasTheStatusSetForIt() {
        grpcHealth.status("grpc.testing.SimpleService", ServingStatus.NOT_SERVING);
        assertThat(check("grpc.testing.SimpleService")).isEqualTo(ServingStatus.NOT_SERVING);
    }

    @Test
    void anUnknownServiceIsNotFound() {
        assertThatThrownBy(() -> check("no.such.Service"))
                .satisfies(t -> assertThat(Status.fromThrowable(t).getCode()).isEqualTo(Status.Code.NOT_FOUND));
    }

    @Test
    void aGracefulShutdownTurnsEverythingNotServing() {
        health.markShuttingDown();
        assertThat(check("")).isEqualTo(ServingStatus.NOT_SERVING);
        assertThat(check("grpc.testing.SimpleService")).isEqualTo(ServingStatus.NOT_SERVING);
    }

    @Test
    void reflectionListsTheRegisteredServices() throws Exception {
        ServerReflectionResponse answer = reflect(ServerReflectionRequest.newBuilder().setListServices("").build());
        assertThat(answer.getListServicesResponse().getServiceList()).extracting(ServiceResponse::getName)
                .containsExactlyInAnyOrder("grpc.testing.SimpleService", "grpc.health.v1.Health",
                        "grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection");
    }

    @Test
    void reflectionDescribesAService() throws Exception {
        ServerReflectionResponse answer = reflect(ServerReflectionRequest.newBuilder()
                .setFileContainingSymbol("grpc.testing.SimpleService").build());
        List<com.google.protobuf.ByteString> files = answer.getFileDescriptorResponse().getFileDescriptorProtoList();
        assertThat(files).isNotEmpty();
        assertThat(com.google.protobuf.DescriptorProtos.FileDescriptorProto.parseFrom(files.get(0)).getServiceList())
                .extracting(com.google.protobuf.DescriptorProtos.ServiceDescriptorProto::getName).contains("SimpleService");
    }

    private ServerReflectionResponse reflect(ServerReflectionRequest request) throws Exception {
        CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> out = ServerReflectionGrpc.newStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS).serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse value) {
                        answer.complete(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        answer.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        answer.completeExceptionally(new IllegalStateException("no answer"));
                    }
                });
        out.onNext(request);
        out.onCompleted();
        return answer.get(10, TimeUnit.SECONDS);
    }
}
