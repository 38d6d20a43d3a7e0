package dev.pronto.grpc.services;

import io.grpc.BindableService;
import io.grpc.ServerServiceDefinition;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;

/**
 * gRPC server reflection ({@code grpc.reflection.v1.ServerReflection}, and the older
 * {@code grpc.reflection.v1alpha} that some tools still ask first), for
 * {@code Grpc.builder().service(GrpcReflection.v1()).service(GrpcReflection.v1alpha())}: tools such as
 * grpcurl list the services registered on the same {@code Grpc} plugin and fetch their proto
 * descriptors. Uses grpc-services' implementation, served by Pronto (pronto-grpc shows it the plugin's
 * services as the current server). Only services generated from {@code .proto} files are described.
 */
public final class GrpcReflection implements BindableService {
    private final ServerServiceDefinition definition;

    private GrpcReflection(ServerServiceDefinition definition) {
        this.definition = definition;
    }

    /** {@code grpc.reflection.v1.ServerReflection}. */
    public static GrpcReflection v1() {
        return new GrpcReflection(ProtoReflectionServiceV1.newInstance().bindService());
    }

    /** {@code grpc.reflection.v1alpha.ServerReflection}, for clients that have not moved to v1. */
    @SuppressWarnings("deprecation")
    public static GrpcReflection v1alpha() {
        return new GrpcReflection(io.grpc.protobuf.services.ProtoReflectionService.newInstance().bindService());
    }

    /** The service definition; called by {@code Grpc.Builder.service}. */
    @Override
    public ServerServiceDefinition bindService() {
        return definition;
    }
}
