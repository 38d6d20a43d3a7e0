package dev.pronto.otel.internal;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.RowMapper;
import io.netty.channel.EventLoop;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** A {@link PgClient} that opens a CLIENT span around each query of one traced request. */
public final class TracedPgClient implements PgClient {
    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("db.system.name");
    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("db.operation.name");
    private static final AttributeKey<String> QUERY = AttributeKey.stringKey("db.query.text");
    private static final AttributeKey<String> NAMESPACE = AttributeKey.stringKey("db.namespace");
    private static final AttributeKey<String> ERROR = AttributeKey.stringKey("error.type");

    private final PgClient client;
    private final Tracer tracer;
    private final Context parent;
    private final String namespace;

    /** Spans of {@code client}'s queries, children of {@code parent}; {@code namespace} may be null. */
    public TracedPgClient(PgClient client, Tracer tracer, Context parent, String namespace) {
        this.client = client;
        this.tracer = tracer;
        this.parent = parent;
        this.namespace = namespace;
    }

    @Override
    public PgClient within(long remainingNanos) {
        PgClient bound = client.within(remainingNanos);
        return bound == client ? this : new TracedPgClient(bound, tracer, parent, namespace);
    }

    @Override
    public EventLoop eventLoop() {
        return client.eventLoop();
    }

    @Override
    public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Object... params) {
        return traced(sql, () -> client.query(sql, mapper, params));
    }

    @Override
    public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Tuple params) {
        return traced(sql, () -> client.query(sql, mapper, params));
    }

    @Override
    public <T> CompletionStage<T> queryOne(String sql, RowMapper<T> mapper, Object... params) {
        return traced(sql, () -> client.queryOne(sql, mapper, params));
    }

    @Override
    public CompletionStage<Integer> execute(String sql, Object... params) {
        return traced(sql, () -> client.execute(sql, params));
    }

    @Override
    public boolean available() {
        return client.available();
    }

    private <T> CompletionStage<T> traced(String sql, Supplier<CompletionStage<T>> call) {
        String operation = operation(sql);
        SpanBuilder builder = tracer.spanBuilder(operation).setParent(parent).setSpanKind(SpanKind.CLIENT)
                .setAttribute(SYSTEM, "postgresql").setAttribute(OPERATION, operation).setAttribute(QUERY, sql);
        if (namespace != null) {
            builder.setAttribute(NAMESPACE, namespace);
        }
        Span span = builder.startSpan();
        CompletionStage<T> stage;
        try {
            stage = call.get();
        } catch (RuntimeException e) {
            fail(span, e);
            throw e;
        }
        return stage.whenComplete((result, failure) -> {
            if (failure != null) {
                fail(span, failure);
            } else {
                span.end();
            }
        });
    }

    private static void fail(Span span, Throwable failure) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        span.setStatus(StatusCode.ERROR, String.valueOf(cause.getMessage()));
        span.setAttribute(ERROR, cause.getClass().getName());
        span.end();
    }

    /** The statement's first keyword in upper case ({@code SELECT}), or {@code postgresql} when it has none. */
    static String operation(String sql) {
        int start = 0;
        while (start < sql.length() && !Character.isLetter(sql.charAt(start))) {
            start++;
        }
        int end = start;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return end > start ? sql.substring(start, end).toUpperCase(Locale.ROOT) : "postgresql";
    }
}
