package dev.pronto.core;

/**
 * A metrics backend for request timings: the built-in Prometheus text ({@link Metrics}) or
 * {@code pronto-micrometer}'s {@code MeterRegistry} binding. {@link RequestMetrics} calls it once
 * per distinct series and caches the timer, so the backend's own lookup cost and allocation stay
 * off the request path.
 */
@FunctionalInterface
public interface RequestTimers {
    /**
     * The timer of the series {@code tags}. May be called from any thread, rarely twice for the same
     * tags when two requests race: both calls must then record into the same series.
     */
    RequestTimer timer(RequestTags tags);

    /**
     * The timer of the gRPC series of {@code grpcMethod} ({@code package.Service/Method}) and
     * {@code grpcStatus} ({@link MeterNames#grpcStatusName(int)}), {@value MeterNames#GRPC_SERVER_CALLS}; called
     * once per series like {@link #timer(RequestTags)}. The default records nothing: the built-in
     * {@link Metrics} has only {@value MeterNames#HTTP_SERVER_REQUESTS}, where gRPC calls are counted too.
     */
    default RequestTimer grpcTimer(String grpcMethod, String grpcStatus) {
        return nanos -> { };
    }
}
