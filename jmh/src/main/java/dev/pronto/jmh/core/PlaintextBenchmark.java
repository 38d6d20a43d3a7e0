package dev.pronto.jmh.core;

import dev.pronto.core.Server;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One plaintext keep-alive GET through the whole server pipeline (decode, route, handle, encode),
 * in memory on an EmbeddedChannel: Pronto against the raw Netty baseline handler. Run with
 * {@code -prof gc} for bytes allocated per request. The benchmark threads run on
 * {@link EventLoopThreadExecutor}'s event loops, as a server's requests do;
 * {@link PlaintextPlatformThreadBenchmark} runs the same on plain threads.
 */
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "-Dio.netty.leakDetection.level=disabled",
        "-Djmh.executor=CUSTOM", "-Djmh.executor.class=dev.pronto.jmh.core.EventLoopThreadExecutor"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PlaintextBenchmark {

    /**
     * {@code harness}: the input buffer and EmbeddedChannel alone, to subtract from the others;
     * {@code pronto-metrics} / {@code pronto-micrometer}: Pronto recording every request into the
     * built-in Prometheus text / a Micrometer Prometheus registry.
     */
    @Param({"pronto", "pronto-metrics", "pronto-micrometer", "netty", "harness"})
    public String server;

    private EmbeddedChannel channel;
    private ByteBufAllocator alloc;

    @Setup
    public void setup() {
        channel = switch (server) {
            case "pronto" -> new EmbeddedChannel(Server.builder()
                    .routes(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!")))
                    .build().channelInitializer());
            case "pronto-metrics" -> pronto(dev.pronto.core.Metrics.create());
            case "pronto-micrometer" -> pronto(dev.pronto.micrometer.ProntoMeters.create(
                    new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
                            io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT)));
            case "netty" -> new EmbeddedChannel(new HttpServerCodec(), new NettyBaselineServer.Handler());
            default -> new EmbeddedChannel(new io.netty.channel.ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                    io.netty.util.ReferenceCountUtil.release(msg);
                }
            });
        };
        alloc = channel.alloc();
    }

    private static EmbeddedChannel pronto(java.util.function.Consumer<dev.pronto.core.Routes> metrics) {
        return new EmbeddedChannel(Server.builder()
                .routes(r -> r.register(metrics).get("/plaintext", (req, res) -> res.send("Hello, World!")))
                .build().channelInitializer());
    }

    @TearDown
    public void tearDown() {
        channel.finishAndReleaseAll();
    }

    @Benchmark
    public int keepAliveGet() {
        return InMemoryExchange.exchange(channel, InMemoryExchange.PLAINTEXT);
    }
}
