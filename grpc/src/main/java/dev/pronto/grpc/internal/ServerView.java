package dev.pronto.grpc.internal;

import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a call's {@code Context} shows as the current {@link Server} ({@code InternalServer.SERVER_CONTEXT_KEY},
 * as grpc-java's own server sets it): the registered services, so server reflection
 * ({@code ProtoReflectionServiceV1}) can list and describe them. The server's lifecycle is Pronto's,
 * so the lifecycle methods are refused.
 */
final class ServerView extends Server {
    private final List<ServerServiceDefinition> services;

    ServerView(List<ServerServiceDefinition> services) {
        this.services = List.copyOf(services);
    }

    @Override
    public List<ServerServiceDefinition> getServices() {
        return services;
    }

    @Override
    public List<ServerServiceDefinition> getImmutableServices() {
        return services;
    }

    @Override
    public Server start() {
        throw lifecycle();
    }

    @Override
    public Server shutdown() {
        throw lifecycle();
    }

    @Override
    public Server shutdownNow() {
        throw lifecycle();
    }

    @Override
    public boolean isShutdown() {
        return false;
    }

    @Override
    public boolean isTerminated() {
        return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        throw lifecycle();
    }

    @Override
    public void awaitTermination() {
        throw lifecycle();
    }

    private static UnsupportedOperationException lifecycle() {
        return new UnsupportedOperationException("the gRPC services run on a Pronto server: start and stop that");
    }
}
