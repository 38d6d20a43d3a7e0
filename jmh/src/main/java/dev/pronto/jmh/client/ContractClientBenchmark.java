package dev.pronto.jmh.client;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.jmh.json.Arena;
import dev.pronto.jmh.json.JmhJsonConfiguration;
import dev.pronto.json.ProntoJson;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code GET /crud/items/{id}} decoded into an {@code Arena.Item}: through the generated
 * {@code ItemsApi$Client}, and the same call written by hand on {@link HttpClient}. Each
 * invocation sends {@value #BATCH} calls pipelined on one connection and waits for them all, against
 * an in-process canned server ({@link CannedItemServer}) whose cost is the same for both; the
 * figure is per call. Run with {@code -prof gc} for the allocation per call:
 * {@code java -jar jmh/target/benchmarks.jar ContractClientBenchmark -prof gc}. Each iteration
 * also prints {@code cpu_ns_per_call}: the process's CPU time over the iteration per call (client
 * loop, benchmark thread and the canned server's loop, the last the same for both variants).
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = "--sun-misc-unsafe-memory-access=allow")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ContractClientBenchmark {
    static final int BATCH = 32;

    private CannedItemServer server;
    private HttpClient http;
    private ProntoJson json;
    private ItemsApi generated;
    private String base;
    @SuppressWarnings("unchecked")
    private final CompletableFuture<Arena.Item>[] calls = new CompletableFuture[BATCH];

    /** Starts the canned server and one client loop, and checks that both variants read the item. */
    @Setup
    public void setup() throws Exception {
        server = new CannedItemServer();
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).pipelineDepth(BATCH).maxConnectionsPerHost(1).build());
        json = ProntoJson.create(new JmhJsonConfiguration());
        base = "http://127.0.0.1:" + server.port();
        generated = new ItemsApi$Client(http, base, json);
        if (!generatedClient().equals(handWritten()) || generatedClient().id() != 42) {
            throw new IllegalStateException("the variants disagree");
        }
    }

    private long cpuStart;
    private long callsStart;
    private long callCount;

    /** Notes the process CPU time at the start of an iteration. */
    @Setup(org.openjdk.jmh.annotations.Level.Iteration)
    public void iterationStart() {
        cpuStart = cpuNanos();
        callsStart = callCount;
    }

    /** Prints the process CPU time per call of the iteration. */
    @TearDown(org.openjdk.jmh.annotations.Level.Iteration)
    public void iterationEnd() {
        long n = Math.max(1, callCount - callsStart);
        System.out.printf("%ncpu_ns_per_call=%d%n", (cpuNanos() - cpuStart) / n);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Stops the client and the server. */
    @TearDown
    public void tearDown() {
        http.close();
        server.close();
    }

    /** Through the generated client. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public Arena.Item generatedClient() {
        for (int i = 0; i < BATCH; i++) {
            calls[i] = generated.byId(42).toCompletableFuture();
        }
        return last();
    }

    /** The same call by hand: build the URI, send, check the status, decode. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public Arena.Item handWritten() {
        for (int i = 0; i < BATCH; i++) {
            calls[i] = http.send(ClientRequest.get(base + "/crud/items/" + 42)).thenApply(this::decode).toCompletableFuture();
        }
        return last();
    }

    private Arena.Item decode(ClientResponse response) {
        try (response) {
            if (response.status() != 200) {
                throw new IllegalStateException("status " + response.status());
            }
            return json.read(response.body(), Arena.Item.class);
        }
    }

    private Arena.Item last() {
        callCount += BATCH;
        Arena.Item item = null;
        try {
            for (CompletableFuture<Arena.Item> call : calls) {
                item = call.get(10, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("a call did not complete", e);
        }
        return item;
    }
}
