package dev.pronto.core;

import dev.pronto.core.internal.util.FlushTimedHook;
import dev.pronto.core.internal.util.FlushTimes;
import dev.pronto.core.internal.server.RequestSeries;
import dev.pronto.router.Method;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The one recording path of request metrics, for every carrier: as a plugin
 * ({@code routes.register(RequestMetrics.of(timers))}) it times every request the routes answer,
 * over HTTP/1.1 and HTTP/2 alike, into {@link MeterNames#HTTP_SERVER_REQUESTS} with the route
 * pattern, method, status, outcome and protocol as tags. A gRPC call (one that set the request
 * attribute {@link AccessLog#GRPC_STATUS}) is recorded with protocol {@value MeterNames#PROTOCOL_GRPC},
 * its route {@code /package.Service/Method} as uri, and as status the HTTP status its gRPC status maps to
 * ({@link MeterNames#grpcHttpStatus(int)}), since its HTTP status is 200 whatever happened, and also into
 * {@value MeterNames#GRPC_SERVER_CALLS} with its method and the name of its gRPC status. Carriers that do not run route hooks
 * record through {@link #record(String, Method, String, int, long)} with their own protocol tag.
 *
 * <p>Allocation-free once a series exists: the timer of each (uri, method, status, protocol) is
 * resolved once through {@link RequestTimers} and cached. The cache is bounded by the route table,
 * the methods, the status codes and the protocols, never by what clients send. Thread-safe.
 */
public final class RequestMetrics implements Consumer<Routes> {
    private final RequestSeries series;

    private RequestMetrics(RequestTimers timers) {
        this.series = new RequestSeries(timers);
    }

    /** Request metrics recorded into {@code timers}. */
    public static RequestMetrics of(RequestTimers timers) {
        return new RequestMetrics(Objects.requireNonNull(timers, "timers"));
    }

    /** Records every request of {@code routes} (an {@code onResponse} hook on the root). */
    @Override
    public void accept(Routes routes) {
        routes.root().onResponse(new Recorder(series));
    }

    /**
     * Records one answered request; any thread.
     *
     * @param protocol the protocol tag, a constant string ({@code HTTP/1.1}, {@code grpc})
     * @param method the request method
     * @param routePattern the matched route's pattern, or null when none matched
     * @param status the response status, 100 to 599
     * @param nanos time from request head to response hand-off
     */
    public void record(String protocol, Method method, String routePattern, int status, long nanos) {
        series.timer(protocol, method, routePattern, status).record(nanos);
    }

    /**
     * The hook: records at once when called as a hook, or, on carriers that flush in batches, resolves the series
     * now and lets the flush record it with the batch's one clock read.
     */
    private record Recorder(RequestSeries series) implements FlushTimedHook {
        @Override
        public void handle(Request req, int status, long bytes, long nanos) {
            Integer grpc = grpcStatus(req);
            timer(req, status, grpc).record(nanos);
            if (grpc != null) {
                series.grpcTimer(req.routePattern(), grpc).record(nanos);
            }
        }

        @Override
        public void resolve(Request req, int status, FlushTimes times, long startNanos) {
            Integer grpc = grpcStatus(req);
            times.add(timer(req, status, grpc), startNanos);
            if (grpc != null) {
                times.add(series.grpcTimer(req.routePattern(), grpc), startNanos);
            }
        }

        @Override
        public String keyAttribute() {
            return AccessLog.GRPC_STATUS;
        }

        private static Integer grpcStatus(Request req) {
            return req.attribute(AccessLog.GRPC_STATUS) instanceof Integer grpc ? grpc : null;
        }

        // A gRPC call: its route as uri, and the HTTP status its gRPC status maps to (its own HTTP status is 200)
        private RequestTimer timer(Request req, int status, Integer grpc) {
            return grpc == null ? series.timer(req.protocol(), req.method(), req.routePattern(), status)
                    : series.timer(MeterNames.PROTOCOL_GRPC, req.method(), req.routePattern(), MeterNames.grpcHttpStatus(grpc));
        }
    }
}
