package dev.pronto.jmh.processor;

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
 * One keep-alive GET with a path parameter and a query parameter through the whole server
 * pipeline on an EmbeddedChannel: the route {@code pronto-processor} generates from
 * {@link Users} against the hand-written lambda doing the same work. Run with {@code -prof gc}.
 */
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "-Dio.netty.leakDetection.level=disabled"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GeneratedRouteBenchmark {
    private static final byte[] REQUEST = "GET /users/42?limit=10 HTTP/1.1\r\nHost: localhost\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    @Param({"generated", "lambda"})
    public String route;

    private EmbeddedChannel channel;
    private ByteBufAllocator alloc;

    @Setup
    public void setup() {
        Users users = new Users();
        Consumer<Routes> routes = "generated".equals(route) ? new Users$Routes(users) : handWritten(users);
        channel = new EmbeddedChannel(Server.builder().routes(routes).build().channelInitializer());
        alloc = channel.alloc();
    }

    private static Consumer<Routes> handWritten(Users users) {
        return r -> r.get("/users/{id}", (req, res) -> res.send(users.byId(
                Long.parseLong(req.param("id")), Integer.parseInt(req.query("limit")))));
    }

    @TearDown
    public void tearDown() {
        channel.finishAndReleaseAll();
    }

    @Benchmark
    public int pathAndQueryGet() {
        return dev.pronto.jmh.core.InMemoryExchange.exchange(channel, REQUEST);
    }
}
