package dev.pronto.micrometer;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Http2StreamOutcome;
import dev.pronto.core.EventLoopLag;
import dev.pronto.core.MeterNames;
import dev.pronto.core.RequestMetrics;
import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.micrometer.internal.MicrometerTimers;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Pronto's server meters in a Micrometer {@link MeterRegistry}, as a plugin. The names and tags are
 * those of {@link MeterNames}, the same the built-in {@code Metrics} writes:
 *
 * <pre>{@code
 * PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
 * ProntoMeters meters = ProntoMeters.create(registry).jvm();
 * Server server = Server.builder()
 *     .routes(r -> r.register(meters).get("/metrics", (req, res) -> res.send(registry.scrape())))
 *     .build().start();
 * meters.bind(server);
 * }</pre>
 *
 * <p>Registered, it times every request of the routes ({@value MeterNames#HTTP_SERVER_REQUESTS} with
 * {@code method}, {@code uri} (route pattern), {@code status}, {@code outcome} and {@code protocol}), over
 * every carrier, through core's {@link RequestMetrics}: each series is resolved once, so a request allocates nothing.
 * On Micrometer's {@code PrometheusMeterRegistry} a series is a {@link dev.pronto.core.RequestHistogram} (one cell per
 * event loop, read at scrape time, exported with the names, tags and buckets of the Micrometer timer it replaces);
 * on any other registry it is a Micrometer {@code Timer}. Thread-safe.
 */
public final class ProntoMeters implements Consumer<Routes> {
    private final MeterRegistry registry;
    private final RequestMetrics requests;

    private ProntoMeters(MeterRegistry registry) {
        this.registry = registry;
        this.requests = RequestMetrics.of(new MicrometerTimers(registry));
    }

    /** Meters recorded into {@code registry}. */
    public static ProntoMeters create(MeterRegistry registry) {
        return new ProntoMeters(Objects.requireNonNull(registry, "registry"));
    }

    /** Times every request of {@code routes}. */
    @Override
    public void accept(Routes routes) {
        requests.accept(routes);
    }

    /** The recording path, for carriers that do not run route hooks (they pass their own protocol tag). */
    public RequestMetrics requests() {
        return requests;
    }

    /**
     * Adds {@code server}'s open connections (in all and by protocol: HTTP/1.1, HTTP/2, WebSocket, httpteleport), TLS
     * handshake failures and event-loop lag.
     *
     * @param server a started server
     * @return this
     */
    public ProntoMeters bind(Server server) {
        Objects.requireNonNull(server, "server");
        Gauge.builder(MeterNames.CONNECTIONS, server, Server::openConnections)
                .description("Open server connections").register(registry);
        for (ConnectionKind kind : ConnectionKind.values()) {
            Gauge.builder(MeterNames.PROTOCOL_CONNECTIONS, server, s -> s.openConnections(kind))
                    .tag(MeterNames.PROTOCOL, kind.tag()).description("Open server connections by protocol").register(registry);
        }
        FunctionCounter.builder(MeterNames.TLS_HANDSHAKE_FAILURES, server, Server::tlsHandshakeFailures)
                .description("TLS handshakes that failed and were closed").register(registry);
        protocols(server);
        EventLoopLag lag = EventLoopLag.sample(server.eventLoopGroup());
        Gauge.builder(MeterNames.EVENT_LOOP_LAG, lag, EventLoopLag::takeMaxSeconds).baseUnit("seconds")
                .description("Largest event-loop task delay since the last read").register(registry);
        return this;
    }

    /** HTTP/2 streams (open, ended by outcome) and WebSocket messages and closes; read on scrape, nothing per request. */
    private void protocols(Server server) {
        Gauge.builder(MeterNames.HTTP2_STREAMS_OPEN, server, Server::openHttp2Streams)
                .description("HTTP/2 streams open now").register(registry);
        for (Http2StreamOutcome outcome : Http2StreamOutcome.values()) {
            FunctionCounter.builder(MeterNames.HTTP2_STREAMS, server, s -> s.http2Streams(outcome))
                    .tag(MeterNames.OUTCOME, outcome.tag()).description("HTTP/2 streams ended, by outcome").register(registry);
        }
        FunctionCounter.builder(MeterNames.WEBSOCKET_MESSAGES, server, Server::webSocketMessagesReceived)
                .tag(MeterNames.DIRECTION, "in").description("WebSocket messages").register(registry);
        FunctionCounter.builder(MeterNames.WEBSOCKET_MESSAGES, server, Server::webSocketMessagesSent)
                .tag(MeterNames.DIRECTION, "out").description("WebSocket messages").register(registry);
        for (String code : MeterNames.WEBSOCKET_CLOSE_CODES) {
            FunctionCounter.builder(MeterNames.WEBSOCKET_CLOSES, server, s -> s.webSocketCloses(code))
                    .tag(MeterNames.CODE, code).description("WebSocket sessions closed, by close code").register(registry);
        }
    }

    /** Adds Micrometer's standard JVM and process binders: memory, GC, threads, class loading, CPU, uptime. */
    public ProntoMeters jvm() {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        return this;
    }
}
