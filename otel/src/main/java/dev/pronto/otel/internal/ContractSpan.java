package dev.pronto.otel.internal;

import dev.pronto.client.http.ContractObserver;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

/** The CLIENT span of one contract call, ended with its outcome. */
public final class ContractSpan implements ContractObserver.Call {
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> URL = AttributeKey.stringKey("url.full");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    private static final AttributeKey<String> ERROR = AttributeKey.stringKey("error.type");
    private final Span span;
    private volatile int status;

    /** Wraps the span of {@code context}, as {@link #start} made it. */
    public ContractSpan(Context context) {
        this.span = Span.fromContext(context);
    }

    /** Starts the client span of a call under {@code parent}; returns {@code parent} with it. */
    public static Context start(Tracer tracer, Context parent, String method, String uri) {
        Span span = tracer.spanBuilder(method).setParent(parent).setSpanKind(SpanKind.CLIENT)
                .setAttribute(METHOD, method).setAttribute(URL, uri).startSpan();
        return parent.with(span);
    }

    @Override
    public void response(int code) {
        status = code;
        span.setAttribute(STATUS, code);
    }

    @Override
    public void end(Throwable failure) {
        int code = status;
        if (code >= 400) {
            span.setStatus(StatusCode.ERROR);
            span.setAttribute(ERROR, Integer.toString(code));
        } else if (failure != null) {
            span.setStatus(StatusCode.ERROR);
            span.setAttribute(ERROR, failure.getClass().getName());
        }
        span.end();
    }
}
