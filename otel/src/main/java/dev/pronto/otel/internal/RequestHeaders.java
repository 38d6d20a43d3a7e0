package dev.pronto.otel.internal;

import dev.pronto.core.Request;
import io.opentelemetry.context.propagation.TextMapGetter;

/** Reads W3C trace-context headers ({@code traceparent}, {@code tracestate}) from a Pronto request. */
public enum RequestHeaders implements TextMapGetter<Request> {
    INSTANCE;

    @Override
    public Iterable<String> keys(Request carrier) {
        return carrier.headerNames();
    }

    @Override
    public String get(Request carrier, String key) {
        return carrier == null ? null : carrier.header(key);
    }
}
