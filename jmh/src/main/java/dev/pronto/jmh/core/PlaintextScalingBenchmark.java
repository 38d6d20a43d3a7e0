package dev.pronto.jmh.core;

import dev.pronto.core.Metrics;
import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.micrometer.ProntoMeters;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whether anything shared is written per request: the whole HTTP/1.1 pipeline of {@link PlaintextBenchmark} (decode,
 * route, handle, metrics, encode) in memory, one server and one metrics backend for all threads, each thread its own
 * channel on its own event loop ({@link EventLoopThreadExecutor}), as a server's loops serve their own connections, at
 * one thread and at two. Each channel's transport consumes what the server writes ({@link SinkChannel}), as a
 * socket's does, so the harness adds no per-request write of its own that two loops could share a line through.
 * On a machine with two free cores, {@code twoLoops} throughput is twice {@code oneLoop}'s when requests write only
 * per-loop state; a cache line every request writes from both threads costs it a share of that. Run with
 * {@code -prof gc}: bytes per request must not change with the thread count or the metrics.
 */
@Fork(value = 2, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "-Dio.netty.leakDetection.level=disabled",
        "-Djmh.executor=CUSTOM", "-Djmh.executor.class=dev.pronto.jmh.core.EventLoopThreadExecutor"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PlaintextScalingBenchmark {

    /** The server every thread serves from, with its metrics backend. */
    @State(Scope.Benchmark)
    public static class Shared {
        /**
         * {@code none}: Pronto without request metrics; {@code metrics}: with the built-in Prometheus text;
         * {@code micrometer}: with {@code ProntoMeters} on a Micrometer Prometheus registry, as the arena app runs;
         * {@code netty}: the raw Netty baseline handler behind {@code HttpServerCodec}, the yardstick of what this
         * machine and harness let an HTTP pipeline scale to.
         */
        @Param({"none", "metrics", "micrometer", "netty"})
        public String metrics;

        Server server;

        /**
         * Builds the server on a thread of its own, as a running server is built on its main thread before any event
         * loop accepts a connection. Built on the first benchmark thread, the server's objects lay in that thread's
         * allocation buffer right ahead of its channel's, so a line the other thread reads was written by this one
         * per request: with the Dockerfile's flags, {@code twoLoops} forks ran at a median 2.84 requests per
         * microsecond (six forks), against 3.60 built apart (14 forks), and one loop at 2.0 (docs/benchmarks.md, "The
         * card table, and where the benchmark builds its server").
         */
        @Setup
        public void setup() throws InterruptedException {
            Thread builder = new Thread(this::build, "server-builder");
            builder.start();
            builder.join();
            if (server == null) {
                throw new IllegalStateException("the server failed to build; see the builder thread's stack trace");
            }
        }

        private void build() {
            Consumer<Routes> recording = switch (metrics) {
                case "metrics" -> Metrics.create();
                case "micrometer" -> ProntoMeters.create(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
                default -> r -> { };
            };
            server = Server.builder()
                    .routes(r -> r.register(recording).get("/plaintext", (req, res) -> res.send("Hello, World!")))
                    .build();
        }

        SinkChannel channel() {
            return "netty".equals(metrics)
                    ? new SinkChannel(new HttpServerCodec(), new NettyBaselineServer.Handler())
                    : new SinkChannel(server.channelInitializer());
        }
    }

    /** One thread's connection. */
    @State(Scope.Thread)
    public static class Loop {
        SinkChannel channel;

        @Setup
        public void setup(Shared shared) {
            channel = shared.channel();
        }

        @TearDown
        public void tearDown() {
            channel.finishAndReleaseAll();
        }
    }

    /** One thread: requests per microsecond of one event loop. */
    @Benchmark
    @Threads(1)
    public int oneLoop(Loop loop) {
        return InMemoryExchange.exchange(loop.channel, InMemoryExchange.PLAINTEXT);
    }

    /** Two threads, each its own channel: requests per microsecond of both together. */
    @Benchmark
    @Threads(2)
    public int twoLoops(Loop loop) {
        return InMemoryExchange.exchange(loop.channel, InMemoryExchange.PLAINTEXT);
    }
}
