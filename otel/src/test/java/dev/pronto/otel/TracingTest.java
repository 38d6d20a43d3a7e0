package dev.pronto.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TracingTest {
    private static final String PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final SdkTracerProvider provider = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
    private final Tracing tracing = Tracing.create(OpenTelemetrySdk.builder().setTracerProvider(provider)
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build());

    @AfterEach
    void close() {
        provider.close();
    }

    private TestClient client() {
        return TestClient.start(Server.builder().routes(r -> r.register(tracing)
                .get("/users/{id}", (req, res) -> res.send("u"))
                .get("/fail", (req, res) -> res.status(503).send("down"))
                .get("/call", (req, res) -> {
                    Map<String, String> outgoing = new HashMap<>();
                    tracing.inject(req, outgoing::put);
                    res.send(outgoing.get("traceparent"));
                })));
    }

    @Test
    void aServerSpanIsNamedByRoutePatternWithHttpSemanticConventions() {
        try (TestClient c = client()) {
            c.get("/users/42");
        }

        List<SpanData> finished = spans.getFinishedSpanItems();
        assertThat(finished).hasSize(1);
        SpanData span = finished.get(0);
        assertThat(span.getName()).isEqualTo("GET /users/{id}");
        assertThat(span.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("http.route"))).isEqualTo("/users/{id}");
        assertThat(span.getAttributes().get(AttributeKey.stringKey("url.path"))).isEqualTo("/users/42");
        assertThat(span.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(200L);
    }

    @Test
    void anIncomingTraceparentBecomesTheParent() {
        try (TestClient c = client()) {
            c.request("GET", "/users/1", Map.of("traceparent", PARENT), null);
        }

        SpanData span = spans.getFinishedSpanItems().get(0);
        assertThat(span.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(span.getParentSpanId()).isEqualTo("00f067aa0ba902b7");
    }

    @Test
    void injectPropagatesTheServerSpanToOutgoingCalls() {
        String sent;
        try (TestClient c = client()) {
            sent = c.request("GET", "/call", Map.of("traceparent", PARENT), null).text();
        }

        SpanData span = spans.getFinishedSpanItems().get(0);
        assertThat(sent).isEqualTo("00-4bf92f3577b34da6a3ce929d0e0e4736-" + span.getSpanId() + "-01");
    }

    @Test
    void serverErrorsMarkTheSpanAsError() {
        try (TestClient c = client()) {
            c.get("/fail");
        }

        SpanData span = spans.getFinishedSpanItems().get(0);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("503");
    }
}
