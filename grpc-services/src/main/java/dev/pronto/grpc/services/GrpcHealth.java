package dev.pronto.grpc.services;

import dev.pronto.core.Health;
import io.grpc.BindableService;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import java.util.Objects;

/**
 * The standard {@code grpc.health.v1.Health} service ({@code Check} and {@code Watch}), for
 * {@code Grpc.builder().service(...)}, with grpc-services' implementation served by Pronto:
 *
 * <pre>{@code
 * Health health = Health.create();
 * GrpcHealth grpcHealth = GrpcHealth.of(health).status("shop.Cart", ServingStatus.SERVING);
 * Server.builder().routes(r -> r.register(health)
 *         .register(Grpc.builder().service(new CartImpl()).service(grpcHealth).build()));
 * }</pre>
 *
 * <p>The whole server ({@code ""}) starts SERVING; each service is unknown ({@code NOT_FOUND}) until a
 * status is set. {@link #shutdown()} turns everything NOT_SERVING for good; {@link #of(Health)} does it
 * when Pronto's {@link Health} flips readiness for a graceful shutdown, so gRPC load balancers stop
 * sending calls while the server drains. Thread-safe; register it on one server.
 */
public final class GrpcHealth implements BindableService {
    private final HealthStatusManager manager = new HealthStatusManager();

    private GrpcHealth() {
    }

    /** A health service with the server SERVING and no per-service status. */
    public static GrpcHealth create() {
        return new GrpcHealth();
    }

    /** As {@link #create()}, turning NOT_SERVING when {@code health} marks the server shutting down. */
    public static GrpcHealth of(Health health) {
        GrpcHealth grpc = create();
        Objects.requireNonNull(health, "health").onShuttingDown(grpc::shutdown);
        return grpc;
    }

    /**
     * Sets the status {@code Check} answers (and {@code Watch} pushes) for {@code service}, a fully
     * qualified service name, or {@code ""} for the whole server; ignored after {@link #shutdown()}.
     */
    public GrpcHealth status(String service, ServingStatus status) {
        manager.setStatus(Objects.requireNonNull(service, "service"), Objects.requireNonNull(status, "status"));
        return this;
    }

    /** Every service, and the server, NOT_SERVING from now on. */
    public void shutdown() {
        manager.enterTerminalState();
    }

    /** The service definition; called by {@code Grpc.Builder.service}. */
    @Override
    public ServerServiceDefinition bindService() {
        return manager.getHealthService().bindService();
    }
}
