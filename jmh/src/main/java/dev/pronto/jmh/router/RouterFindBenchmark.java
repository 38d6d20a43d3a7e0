package dev.pronto.jmh.router;

import dev.pronto.router.Method;
import dev.pronto.router.Outcome;
import dev.pronto.router.RouteMatch;
import dev.pronto.router.Router;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Router lookup in the {@link Routes#realistic()} 50-route table, one request shape per run, with a
 * reused {@link RouteMatch} as a server connection would use it. Run with {@code -prof gc}: every
 * shape should report 0 B/op.
 */
@State(Scope.Thread)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RouterFindBenchmark {
    /** The request shape; see {@link Routes#samplePath(String)}. */
    @Param({"static", "param", "twoParams", "catchAll", "miss"})
    public String shape;

    private Router<String> router;
    private RouteMatch<String> match;
    private String path;

    /** Creates the benchmark state; JMH calls {@link #setup()} before measuring. */
    public RouterFindBenchmark() {
    }

    /** Builds the router, the reusable match and the request path. */
    @Setup
    public void setup() {
        router = Routes.realistic();
        match = router.newMatch();
        path = Routes.samplePath(shape);
        Outcome expected = shape.equals("miss") ? Outcome.NOT_FOUND : Outcome.MATCHED;
        if (router.find(Method.GET, path, match) != expected) {
            throw new IllegalStateException(shape + " path " + path + " gave " + match);
        }
    }

    /** One lookup; returns the match so that its param offsets count as used. */
    @Benchmark
    public RouteMatch<String> find() {
        router.find(Method.GET, path, match);
        return match;
    }
}
