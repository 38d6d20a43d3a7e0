package dev.pronto.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ContractClient;
import dev.pronto.client.http.ContractConfig;
import dev.pronto.client.http.HttpClient;
import dev.pronto.core.Handler;
import dev.pronto.core.JsonCodec;
import dev.pronto.core.Server;
import dev.pronto.testsupport.Await;
import io.netty.buffer.ByteBuf;
import io.opentelemetry.api.OpenTelemetry;
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
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A contract call traced end to end over a real socket: the client span's W3C context reaches the
 * server, whose {@link Tracing} span joins the same trace as the client span's child.
 */
class ContractTracingTest {
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final SdkTracerProvider provider = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
    private final OpenTelemetry otel = OpenTelemetrySdk.builder().setTracerProvider(provider)
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build();
    private final ContractTracing contractTracing = ContractTracing.create(otel);
    private Server server;
    private HttpClient http;
    private ContractClient contract;

    @BeforeEach
    void start() {
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
        server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1)).routes(r -> r
                .register(Tracing.create(otel))
                .get("/items/{id}", (req, res) -> res.send("item " + req.param("id")))
                .get("/front", Handler.async((req, res) -> {
                    ContractClient traced = contractTracing.client(req, contract);
                    return traced.call(traced.request("GET", traced.uri().append("/items/7")), null, String.class);
                }))).build().start();
        contract = ContractClient.of(http, "http://127.0.0.1:" + server.port(), new NoJson(), ContractConfig.defaults());
    }

    @AfterEach
    void stop() {
        http.close();
        server.close();
        provider.close();
    }

    private String get(ContractClient client, String path) throws Exception {
        return client.call(client.request("GET", client.uri().append(path)), null, String.class).toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private List<SpanData> awaitSpans(int count) {
        Await.within(Duration.ofSeconds(10), () -> spans.getFinishedSpanItems().size() >= count);
        assertThat(spans.getFinishedSpanItems()).hasSize(count);
        return spans.getFinishedSpanItems();
    }

    private static SpanData span(List<SpanData> all, SpanKind kind, String name) {
        return all.stream().filter(s -> s.getKind() == kind && s.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void clientSpanAndServerSpanShareOneTrace() throws Exception {
        assertThat(get(contract.observed(contractTracing), "/items/42")).isEqualTo("item 42");

        List<SpanData> all = awaitSpans(2);
        SpanData client = span(all, SpanKind.CLIENT, "GET");
        SpanData callee = span(all, SpanKind.SERVER, "GET /items/{id}");
        assertThat(callee.getTraceId()).isEqualTo(client.getTraceId());
        assertThat(callee.getParentSpanId()).isEqualTo(client.getSpanId());
    }

    @Test
    void callMadeWhileHandlingARequestContinuesItsTrace() throws Exception {
        assertThat(get(contract, "/front")).isEqualTo("item 7");

        List<SpanData> all = awaitSpans(3);
        SpanData front = span(all, SpanKind.SERVER, "GET /front");
        SpanData client = span(all, SpanKind.CLIENT, "GET");
        SpanData callee = span(all, SpanKind.SERVER, "GET /items/{id}");
        assertThat(List.of(client.getTraceId(), callee.getTraceId())).containsOnly(front.getTraceId());
        assertThat(client.getParentSpanId()).isEqualTo(front.getSpanId());
        assertThat(callee.getParentSpanId()).isEqualTo(client.getSpanId());
    }

    @Test
    void clientSpanRecordsTheStatusAndAnErrorStatus() {
        ContractClient observed = contract.observed(contractTracing);
        assertThat(observed.call(observed.request("GET", observed.uri().append("/missing")), null, String.class)
                .toCompletableFuture()).failsWithin(10, TimeUnit.SECONDS);

        SpanData client = span(awaitSpans(2), SpanKind.CLIENT, "GET");
        assertThat(client.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(404L);
        assertThat(client.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    }

    @Test
    void unobservedClientSendsNoTraceContext() throws Exception {
        get(contract, "/items/1");

        SpanData callee = awaitSpans(1).getFirst();
        assertThat(callee.getParentSpanContext().isValid()).isFalse();
    }

    /** Text bodies only: these calls decode no JSON. */
    private static final class NoJson implements JsonCodec {
        @Override
        public void write(Object value, ByteBuf out) {
            throw new UnsupportedOperationException("no JSON here");
        }

        @Override
        public <T> T read(ByteBuf body, Class<T> type) {
            throw new UnsupportedOperationException("no JSON here");
        }

        @Override
        public Object read(ByteBuf body, Type type) {
            throw new UnsupportedOperationException("no JSON here");
        }

        @Override
        public void verify(Class<?> type) {
        }
    }
}
