package dev.pronto.micrometer;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.TeleportClient;
import dev.pronto.core.MeterNames;
import dev.pronto.micrometer.internal.MicrometerTimers;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Times the calls of {@code pronto-http-client}'s {@link HttpClient} and {@link TeleportClient} as
 * {@value #REQUESTS}, the timer Spring, Quarkus and Micronaut name so, with the tags {@code method},
 * {@code status} ({@code IO_ERROR} when no response came), {@code outcome} ({@code UNKNOWN} then) and
 * {@code client.name}. There is no {@code uri} tag: a client sees paths, not route patterns, and paths
 * would make one series per id.
 *
 * <pre>{@code
 * HttpClientMeters meters = HttpClientMeters.create(registry, "inventory");
 * meters.send(client, ClientRequest.get("http://inventory:8080/items/7")).thenAccept(...);
 * client.send(request, meters.timed(request, (res, err) -> ...));   // the callback form
 * }</pre>
 *
 * <p>Each series' {@code Timer} is built on its first request and then reused, so a call costs one clock
 * read at each end and one {@code Timer.record}. Thread-safe; callbacks may run on any event loop.
 */
public final class HttpClientMeters {
    /** Calls answered or failed, timed from {@code send} to the response head or the failure. */
    public static final String REQUESTS = "http.client.requests";
    /** Tag: the name given to {@link #create(MeterRegistry, String)}. */
    public static final String CLIENT_NAME = "client.name";
    /** {@code status} of a call that got no response (connect failure, timeout, closed connection). */
    public static final String IO_ERROR = "IO_ERROR";
    private static final int STATUSES = 600;
    private static final Duration[] BUCKETS = MicrometerTimers.buckets();

    private final MeterRegistry registry;
    private final String name;
    // method -> timers by status (index 0: no response); methods are few, statuses bounded, so this stays small
    private final ConcurrentHashMap<String, Timer[]> timers = new ConcurrentHashMap<>();

    private HttpClientMeters(MeterRegistry registry, String name) {
        this.registry = registry;
        this.name = name;
    }

    /**
     * Meters recorded into {@code registry} under {@code client.name=name}.
     *
     * @throws NullPointerException if either is null
     */
    public static HttpClientMeters create(MeterRegistry registry, String name) {
        return new HttpClientMeters(Objects.requireNonNull(registry, "registry"), Objects.requireNonNull(name, "name"));
    }

    /** Sends {@code request} through {@code client} and times it; the response is the caller's, as with {@code send}. */
    public CompletionStage<ClientResponse> send(HttpClient client, ClientRequest request) {
        long start = System.nanoTime();
        return client.send(request).whenComplete((res, err) -> record(request.method(), res, start));
    }

    /** Sends {@code request} through the teleport {@code client} and times it, as {@link #send(HttpClient, ClientRequest)}. */
    public CompletionStage<ClientResponse> send(TeleportClient client, ClientRequest request) {
        long start = System.nanoTime();
        return client.send(request).whenComplete((res, err) -> record(request.method(), res, start));
    }

    /**
     * A listener that records the call of {@code request}, then hands the outcome to {@code listener}; pass it to
     * either client's {@code send(request, listener)} right away, since the clock starts here.
     */
    public ResponseListener timed(ClientRequest request, ResponseListener listener) {
        Objects.requireNonNull(listener, "listener");
        long start = System.nanoTime();
        String method = request.method();
        return (res, err) -> {
            record(method, res, start);
            listener.complete(res, err);
        };
    }

    private void record(String method, ClientResponse response, long start) {
        long nanos = System.nanoTime() - start;
        int status = response == null ? 0 : response.status();
        int index = status > 0 && status < STATUSES ? status : 0;
        Timer[] byStatus = timers.computeIfAbsent(method, m -> new Timer[STATUSES]);
        Timer timer = byStatus[index];
        if (timer == null) {
            timer = register(method, index);
            byStatus[index] = timer; // a race registers the same meter twice; the registry returns the one instance
        }
        timer.record(nanos, TimeUnit.NANOSECONDS);
    }

    private Timer register(String method, int status) {
        return Timer.builder(REQUESTS)
                .tag(MeterNames.METHOD, method)
                .tag(MeterNames.STATUS, status == 0 ? IO_ERROR : Integer.toString(status))
                .tag(MeterNames.OUTCOME, status == 0 ? "UNKNOWN" : MeterNames.outcome(status))
                .tag(CLIENT_NAME, name)
                .description("HTTP client calls")
                .serviceLevelObjectives(BUCKETS)
                .register(registry);
    }
}
