package dev.pronto.jmh.core;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The benchmark JVM's CPU time per operation ({@code -prof dev.pronto.jmh.core.CpuPerOpProfiler}): process CPU
 * (every thread: benchmark, JIT, GC) over each iteration divided by the operations it measured. Unlike throughput it
 * does not fall when other processes take the cores, so on a shared machine it still shows what a request costs, and
 * with {@code @Threads(2)} against {@code @Threads(1)} whether requests on two cores pay for a shared cache line.
 */
public final class CpuPerOpProfiler implements InternalProfiler {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long before;

    @Override
    public String getDescription() {
        return "process CPU time per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = os.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long cpu = os.getProcessCpuTime() - before;
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps();
        double perOp = ops == 0 ? Double.NaN : (double) cpu / ops;
        return List.of(new ScalarResult("cpu.ns/op", perOp, "ns/op", AggregationPolicy.AVG));
    }
}
