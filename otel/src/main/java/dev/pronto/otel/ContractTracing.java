package dev.pronto.otel;

import dev.pronto.client.http.ContractClient;
import dev.pronto.client.http.ContractObserver;
import dev.pronto.core.Request;
import dev.pronto.otel.internal.ContractSpan;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * OpenTelemetry for the contract clients ({@code <Interface>$Client} on {@link ContractClient}): a
 * {@code CLIENT} span per call, named by its method, with {@code http.request.method},
 * {@code url.full} and {@code http.response.status_code} ({@code error.type} for failures and
 * statuses of 400 and above), and W3C {@code traceparent}/{@code tracestate} sent with the call,
 * so the callee's {@link Tracing} continues the trace: caller, client span, server span.
 *
 * <p>Installed explicitly, never found on the class path (no service loading, no reflection):
 *
 * <pre>{@code
 * ContractTracing tracing = ContractTracing.create(openTelemetry);
 * Items$Client items = new Items$Client(contract.observed(tracing));   // parent: Context.current()
 * // inside a Pronto handler traced by Tracing: the request's server span is the parent
 * new Items$Client(tracing.client(req, contract)).byId(42);
 * }</pre>
 *
 * <p>The parent is {@link Context#current()} on the calling thread, or the server span of the
 * request given to {@link #client(Request, ContractClient)}. Thread-safe; a contract client
 * without it pays nothing.
 */
public final class ContractTracing implements ContractObserver {
    private final Tracer tracer;
    private final TextMapPropagator propagator;
    private final Context parent;

    private ContractTracing(Tracer tracer, TextMapPropagator propagator, Context parent) {
        this.tracer = tracer;
        this.propagator = propagator;
        this.parent = parent;
    }

    /** Client spans recorded through {@code otel}'s tracer provider, the context written with its propagators. */
    public static ContractTracing create(OpenTelemetry otel) {
        Objects.requireNonNull(otel, "otel");
        return new ContractTracing(otel.getTracer("dev.pronto.client"), otel.getPropagators().getTextMapPropagator(),
                null);
    }

    /**
     * {@code contract} with a client span per call, children of {@code req}'s server span (recorded by
     * {@link Tracing}); for a request {@link Tracing} did not see, children of {@link Context#current()}.
     * Meant for calls made while handling {@code req}.
     */
    public ContractClient client(Request req, ContractClient contract) {
        Objects.requireNonNull(contract, "contract");
        if (req.attribute(Tracing.CONTEXT) instanceof Context context) {
            return contract.observed(new ContractTracing(tracer, propagator, context));
        }
        return contract.observed(this);
    }

    @Override
    public Call start(String method, String uri, BiConsumer<String, String> headers) {
        Context context = ContractSpan.start(tracer, parent != null ? parent : Context.current(), method, uri);
        propagator.inject(context, headers, (h, k, v) -> h.accept(k, v));
        return new ContractSpan(context);
    }
}
