package dev.pronto.jmh.core;

import dev.pronto.core.AccessLog;
import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of the request lifecycle on the plaintext route: no hooks, one empty preHandler hook,
 * and the access log (request id plus one log line per request, written to /dev/null).
 */
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "-Dio.netty.leakDetection.level=disabled",
    "-Dorg.slf4j.simpleLogger.logFile=/dev/null", "-Dorg.slf4j.simpleLogger.log.dev.pronto.access=info"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LifecycleBenchmark {
    private static final byte[] REQUEST = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @Param({"none", "emptyHook", "accessLog"})
    public String hooks;

    private EmbeddedChannel channel;
    private ByteBufAllocator alloc;

    @Setup
    public void setup() {
        Consumer<Routes> extra = switch (hooks) {
            case "emptyHook" -> r -> r.preHandler((req, res) -> { });
            case "accessLog" -> r -> r.register(AccessLog.create());
            default -> r -> { };
        };
        channel = new EmbeddedChannel(Server.builder().routes(extra)
                .routes(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!"))).build().channelInitializer());
        alloc = channel.alloc();
    }

    @TearDown
    public void tearDown() {
        channel.finishAndReleaseAll();
    }

    @Benchmark
    public int keepAliveGet() {
        return dev.pronto.jmh.core.InMemoryExchange.exchange(channel, REQUEST);
    }
}
