package dev.pronto.otel;

import dev.pronto.client.pg.PgClient;
import dev.pronto.core.Request;
import dev.pronto.otel.internal.TracedPgClient;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Objects;

/**
 * A {@code CLIENT} span per Postgres query, child of the request's server span ({@link Tracing}), with
 * the OpenTelemetry database semantic conventions: {@code db.system.name=postgresql},
 * {@code db.operation.name} (the statement's first keyword, {@code SELECT}), {@code db.query.text} (the
 * statement as written, with {@code $1} placeholders: parameter values are never recorded), and
 * {@code db.namespace} when known.
 *
 * <pre>{@code
 * PgTracing pgTracing = PgTracing.create(openTelemetry, "benchmark");
 * r.get("/db", (req, res) -> pgTracing.client(req, postgres.client()).query(sql, mapper, id)...);
 * }</pre>
 *
 * <p>The trace context is not written into the SQL (no {@code traceparent} comment as sqlcommenter
 * does): the statements are prepared and cached by their text, so a per-request comment would make every
 * query a new statement. The link between a query and its request lives in the span tree instead.
 *
 * <p>Costs nothing when a request is not sampled or no {@link Tracing} saw it: {@link #client} then
 * returns {@code client} itself. Thread-safe.
 */
public final class PgTracing {
    private final Tracer tracer;
    private final String namespace;

    private PgTracing(Tracer tracer, String namespace) {
        this.tracer = tracer;
        this.namespace = namespace;
    }

    /**
     * Query spans recorded through {@code otel}'s tracer provider.
     *
     * @param namespace the database name for {@code db.namespace}, or null to leave it out
     */
    public static PgTracing create(OpenTelemetry otel, String namespace) {
        return new PgTracing(Objects.requireNonNull(otel, "otel").getTracer("dev.pronto.pg"), namespace);
    }

    /**
     * {@code client} with a span per query, children of {@code req}'s server span; {@code client} itself
     * when {@code req} has no sampled span. The returned client is meant for this request only.
     */
    public PgClient client(Request req, PgClient client) {
        Objects.requireNonNull(client, "client");
        if (!(req.attribute(Tracing.CONTEXT) instanceof Context parent)
                || !Span.fromContext(parent).getSpanContext().isSampled()) {
            return client;
        }
        return new TracedPgClient(client, tracer, parent, namespace);
    }
}
