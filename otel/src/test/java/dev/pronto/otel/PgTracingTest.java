package dev.pronto.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.pg.PgClient;
import dev.pronto.client.pg.RowMapper;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import io.netty.channel.EventLoop;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PgTracingTest {
    private static final String SQL = "SELECT id, name FROM items WHERE price BETWEEN $1 AND $2";
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final SdkTracerProvider provider = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
    private final OpenTelemetrySdk otel = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
    private final PgTracing pgTracing = PgTracing.create(otel, "benchmark");

    @AfterEach
    void close() {
        provider.close();
    }

    /** A stand-in for the pool: answers every query at once, or fails it. */
    private record Answering(RuntimeException failure) implements PgClient {
        @Override
        public EventLoop eventLoop() {
            return null;
        }

        @Override
        public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Object... params) {
            return failure == null ? CompletableFuture.completedFuture(List.of()) : CompletableFuture.failedFuture(failure);
        }

        @Override
        public <T> CompletionStage<List<T>> query(String sql, RowMapper<T> mapper, Tuple params) {
            return query(sql, mapper);
        }

        @Override
        public <T> CompletionStage<T> queryOne(String sql, RowMapper<T> mapper, Object... params) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Integer> execute(String sql, Object... params) {
            return CompletableFuture.completedFuture(0);
        }

        @Override
        public boolean available() {
            return true;
        }

        /** Bound to a deadline: a client whose queries fail as if it had passed. */
        @Override
        public PgClient within(long remainingNanos) {
            return remainingNanos == Long.MAX_VALUE ? this : new Answering(new IllegalStateException("deadline"));
        }
    }

    private void serve(PgClient pg, Tracing tracing, AtomicReference<PgClient> used) {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> {
            if (tracing != null) {
                r.register(tracing);
            }
            r.get("/db", (req, res) -> {
                PgClient client = pgTracing.client(req, pg);
                used.set(client);
                client.query(SQL, row -> row, 10, 50).whenComplete((rows, e) -> res.send(e == null ? "ok" : "failed"));
            });
        }))) {
            c.get("/db");
        }
    }

    @Test
    void aQueryIsAClientSpanChildOfTheServerSpanWithDatabaseConventions() {
        serve(new Answering(null), Tracing.create(otel), new AtomicReference<>());

        List<SpanData> finished = spans.getFinishedSpanItems();
        SpanData server = finished.stream().filter(s -> s.getKind() == SpanKind.SERVER).findFirst().orElseThrow();
        SpanData query = finished.stream().filter(s -> s.getKind() == SpanKind.CLIENT).findFirst().orElseThrow();
        assertThat(query.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(query.getTraceId()).isEqualTo(server.getTraceId());
        assertThat(query.getName()).isEqualTo("SELECT");
        assertThat(query.getAttributes().get(AttributeKey.stringKey("db.system.name"))).isEqualTo("postgresql");
        assertThat(query.getAttributes().get(AttributeKey.stringKey("db.operation.name"))).isEqualTo("SELECT");
        assertThat(query.getAttributes().get(AttributeKey.stringKey("db.query.text"))).isEqualTo(SQL);
        assertThat(query.getAttributes().get(AttributeKey.stringKey("db.namespace"))).isEqualTo("benchmark");
    }

    @Test
    void aFailedQueryEndsItsSpanAsAnError() {
        serve(new Answering(new IllegalStateException("connection lost")), Tracing.create(otel), new AtomicReference<>());

        SpanData query = spans.getFinishedSpanItems().stream().filter(s -> s.getKind() == SpanKind.CLIENT)
                .findFirst().orElseThrow();
        assertThat(query.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(query.getAttributes().get(AttributeKey.stringKey("error.type")))
                .isEqualTo(IllegalStateException.class.getName());
    }

    @Test
    void anUntracedRequestGetsThePoolItselfAndNoSpan() {
        PgClient pg = new Answering(null);
        AtomicReference<PgClient> used = new AtomicReference<>();
        serve(pg, null, used);

        assertThat(used.get()).isSameAs(pg);
        assertThat(spans.getFinishedSpanItems()).isEmpty();
    }

    @Test
    void aTracedClientBoundToADeadlineUsesTheBoundPoolAndKeepsItsSpans() throws Exception {
        AtomicReference<PgClient> used = new AtomicReference<>();
        serve(new Answering(null), Tracing.create(otel), used);
        spans.reset();

        Throwable failure = used.get().within(1_000_000).query(SQL, row -> row).handle((rows, e) -> e)
                .toCompletableFuture().get();

        assertThat(failure).hasRootCauseMessage("deadline");
        assertThat(spans.getFinishedSpanItems()).extracting(SpanData::getKind).containsExactly(SpanKind.CLIENT);
    }
}
