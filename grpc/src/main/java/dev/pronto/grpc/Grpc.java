package dev.pronto.grpc;

import dev.pronto.core.Routes;
import dev.pronto.grpc.internal.GrpcRoutes;
import io.grpc.BindableService;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Serves grpc-java services on a Pronto server, as a routes plugin: the server's own HTTP/2
 * exchanges carry the calls (h2c on a {@code Listener.http}/{@code Listener.h2c} port, h2 on a
 * {@code Listener.https} one), beside the server's HTTP routes, on the same event loops.
 *
 * <pre>{@code
 * Server.builder()
 *         .routes(r -> r.register(Grpc.builder().service(new GreeterImpl()).build()))
 *         .build().start();
 * }</pre>
 *
 * <p>Each method becomes the route {@code POST /<package.Service>/<Method>}. Unknown methods of a
 * registered service and unknown services answer {@code UNIMPLEMENTED}; the plugin sets the root
 * not-found handler for that (non-gRPC requests still get the usual 404), so a
 * {@code notFound(...)} set after registering replaces it.
 *
 * <p>Immutable and thread-safe once built; register it on one server.
 */
public final class Grpc implements Consumer<Routes> {
    /** The default largest request message: 4 MiB, as grpc-java. */
    public static final int DEFAULT_MAX_INBOUND_MESSAGE_SIZE = 4 * 1024 * 1024;

    private static final GrpcConfig DEFAULTS = GrpcConfig.defaults();

    private final List<ServerServiceDefinition> services;
    private final List<ServerServiceDefinition> blocking;
    private final GrpcConfig config;

    private Grpc(Builder b) {
        this.services = List.copyOf(intercepted(b.services, b.interceptors));
        this.blocking = List.copyOf(intercepted(b.blocking, b.interceptors));
        this.config = new GrpcConfig(b.maxInboundMessageSize, b.outboundBufferPerCall, b.outboundBufferPerConnection);
    }

    /** A builder with no services, no interceptors and the limits of {@link GrpcConfig#defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** Shorthand for a plugin serving {@code services} on the event loop. */
    public static Grpc services(BindableService... services) {
        Builder b = builder();
        for (BindableService s : services) {
            b.service(s);
        }
        return b.build();
    }

    /** Adds this plugin's routes to {@code routes}; called by {@code Routes.register}. */
    @Override
    public void accept(Routes routes) {
        GrpcRoutes.register(routes, services, blocking, config);
    }

    private static List<ServerServiceDefinition> intercepted(List<ServerServiceDefinition> defs,
                                                             List<ServerInterceptor> interceptors) {
        List<ServerServiceDefinition> out = new ArrayList<>(defs.size());
        for (ServerServiceDefinition d : defs) {
            out.add(interceptors.isEmpty() ? d : ServerInterceptors.intercept(d, interceptors));
        }
        return out;
    }

    /** Collects services and options; not thread-safe. */
    public static final class Builder {
        private final List<ServerServiceDefinition> services = new ArrayList<>();
        private final List<ServerServiceDefinition> blocking = new ArrayList<>();
        private final List<ServerInterceptor> interceptors = new ArrayList<>();
        private int maxInboundMessageSize = DEFAULTS.maxInboundMessageSize();
        private long outboundBufferPerCall = DEFAULTS.outboundBufferPerCall();
        private long outboundBufferPerConnection = DEFAULTS.outboundBufferPerConnection();

        private Builder() {
        }

        /**
         * Serves {@code service} with its callbacks on the connection's event loop: its methods must
         * not block (answer from memory, or asynchronously).
         */
        public Builder service(BindableService service) {
            return service(Objects.requireNonNull(service, "service").bindService());
        }

        /** As {@link #service(BindableService)}, for a definition (already intercepted, generated, ...). */
        public Builder service(ServerServiceDefinition service) {
            services.add(Objects.requireNonNull(service, "service"));
            return this;
        }

        /**
         * Serves {@code service} with its callbacks on virtual threads (one call's callbacks in
         * order, one at a time): its methods may block on JDBC, files or other calls.
         */
        public Builder blockingService(BindableService service) {
            return blockingService(Objects.requireNonNull(service, "service").bindService());
        }

        /** As {@link #blockingService(BindableService)}, for a definition. */
        public Builder blockingService(ServerServiceDefinition service) {
            blocking.add(Objects.requireNonNull(service, "service"));
            return this;
        }

        /**
         * Wraps every service in {@code interceptor}; interceptors added later run first, as with
         * grpc-java's {@code ServerInterceptors.intercept}.
         */
        public Builder intercept(ServerInterceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /**
         * The largest request message accepted, in bytes (compressed on the wire and inflated);
         * larger ones end the call with {@code RESOURCE_EXHAUSTED}.
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder maxInboundMessageSize(int bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("maxInboundMessageSize must be positive: " + bytes);
            }
            this.maxInboundMessageSize = bytes;
            return this;
        }

        /**
         * The response bytes one call may have queued for a client that does not read them; see
         * {@link GrpcConfig}. Checked by {@link #build()}.
         */
        public Builder outboundBufferPerCall(long bytes) {
            this.outboundBufferPerCall = bytes;
            return this;
        }

        /**
         * The response bytes the calls of one HTTP/2 connection may have queued together for a client
         * that does not read them; see {@link GrpcConfig}. Checked by {@link #build()}.
         */
        public Builder outboundBufferPerConnection(long bytes) {
            this.outboundBufferPerConnection = bytes;
            return this;
        }

        /**
         * All limits at once, replacing those set before.
         */
        public Builder config(GrpcConfig config) {
            Objects.requireNonNull(config, "config");
            this.maxInboundMessageSize = config.maxInboundMessageSize();
            this.outboundBufferPerCall = config.outboundBufferPerCall();
            this.outboundBufferPerConnection = config.outboundBufferPerConnection();
            return this;
        }

        /**
         * The plugin.
         *
         * @throws IllegalArgumentException when the limits are inconsistent (see {@link GrpcConfig})
         */
        public Grpc build() {
            return new Grpc(this);
        }
    }
}
