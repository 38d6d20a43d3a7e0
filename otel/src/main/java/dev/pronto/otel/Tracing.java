package dev.pronto.otel;

import dev.pronto.core.Request;
import dev.pronto.core.Routes;
import dev.pronto.otel.internal.RequestHeaders;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * OpenTelemetry server spans, as a plugin: one {@code SERVER} span per request, child of the
 * caller's W3C {@code traceparent}/{@code tracestate} when sent, named {@code METHOD /route/{pattern}}
 * once routed, with the HTTP semantic-convention attributes ({@code http.request.method},
 * {@code url.path}, {@code url.scheme}, {@code http.route}, {@code network.protocol.version},
 * {@code http.response.status_code}, {@code error.type} for 5xx).
 *
 * <pre>{@code
 * Tracing tracing = Tracing.create(openTelemetry);
 * Server.builder().routes(r -> r.register(tracing)
 *     .get("/users/{id}", (req, res) -> {
 *         ClientRequest.Builder call = ClientRequest.get(usersService + "/" + req.param("id"));
 *         tracing.inject(req, call::header);          // the upstream call joins this trace
 *         ...
 *     }));
 * }</pre>
 *
 * <p>Zero cost when off: without this plugin registered no hook runs. With it, the span's
 * {@link Context} is the request attribute {@value #CONTEXT}, and its ids the attributes
 * {@value #TRACE_ID} and {@value #SPAN_ID} (for access logs). Hooks run on the request's event loop;
 * the plugin is thread-safe.
 */
public final class Tracing implements Consumer<Routes> {
    /** Request attribute: the server span's {@link Context}. */
    public static final String CONTEXT = "otel.context";
    /** Request attribute: the trace id, 32 hex digits. */
    public static final String TRACE_ID = "traceId";
    /** Request attribute: the server span's id, 16 hex digits. */
    public static final String SPAN_ID = "spanId";
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> SCHEME = AttributeKey.stringKey("url.scheme");
    private static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    private static final AttributeKey<String> PROTOCOL = AttributeKey.stringKey("network.protocol.version");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    private static final AttributeKey<String> ERROR = AttributeKey.stringKey("error.type");
    private final Tracer tracer;
    private final TextMapPropagator propagator;

    private Tracing(OpenTelemetry otel) {
        this.tracer = otel.getTracer("dev.pronto");
        this.propagator = otel.getPropagators().getTextMapPropagator();
    }

    /** Spans recorded through {@code otel}'s tracer provider, context read and written with its propagators. */
    public static Tracing create(OpenTelemetry otel) {
        return new Tracing(Objects.requireNonNull(otel, "otel"));
    }

    @Override
    public void accept(Routes routes) {
        routes.root().onRequest((req, res) -> start(req)).onResponse((req, status, bytes, nanos) -> end(req, status));
    }

    /**
     * Writes the request's trace context ({@code traceparent}, {@code tracestate}) as headers through
     * {@code header}, e.g. into an outgoing HTTP client request, so the callee joins the trace. Does
     * nothing for a request this plugin did not see.
     */
    public void inject(Request req, BiConsumer<String, String> header) {
        Object context = req.attribute(CONTEXT);
        if (context instanceof Context c) {
            propagator.inject(c, header, (h, k, v) -> h.accept(k, v));
        }
    }

    private void start(Request req) {
        Context parent = propagator.extract(Context.root(), req, RequestHeaders.INSTANCE);
        Span span = tracer.spanBuilder(req.method().name()).setParent(parent).setSpanKind(SpanKind.SERVER)
                .setAttribute(METHOD, req.method().name()).setAttribute(PATH, req.path())
                .setAttribute(SCHEME, req.tlsSession() != null ? "https" : "http")
                .setAttribute(PROTOCOL, req.protocol().substring(req.protocol().indexOf('/') + 1))
                .startSpan();
        req.attribute(CONTEXT, parent.with(span));
        req.attribute(TRACE_ID, span.getSpanContext().getTraceId());
        req.attribute(SPAN_ID, span.getSpanContext().getSpanId());
    }

    private static void end(Request req, int status) {
        if (!(req.attribute(CONTEXT) instanceof Context context)) {
            return;
        }
        Span span = Span.fromContext(context);
        String route = req.routePattern();
        if (route != null) {
            span.updateName(req.method().name() + ' ' + route);
            span.setAttribute(ROUTE, route);
        }
        span.setAttribute(STATUS, status);
        if (status >= 500) {
            span.setStatus(StatusCode.ERROR);
            span.setAttribute(ERROR, Integer.toString(status));
        }
        span.end();
    }
}
