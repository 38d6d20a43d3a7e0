package dev.pronto.jmh.client;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/**
 * Closed-loop client load: keeps {@code inflight} GETs outstanding against one URL, each
 * completion sending the next, and prints requests/s and bytes allocated per request (all JVM
 * threads, from {@code ThreadMXBean}) and client process CPU time per request over the measured window.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.client.ClientLoad <client> <port> [warmupS] [measureS] [inflight]}
 * with client one of pronto, pronto-pipelined, jdk, vertx, vertx-pipelined.
 */
public final class ClientLoad {
    private ClientLoad() {
    }

    /** Runs one client variant and prints one result line. */
    public static void main(String[] args) throws Exception {
        String kind = args[0];
        String url = "http://127.0.0.1:" + args[1] + "/plaintext";
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int measure = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int inflight = args.length > 4 ? Integer.parseInt(args[4]) : 64;
        LoadDriver driver = LoadDriver.of(kind, url, inflight);
        for (int i = 0; i < inflight; i++) {
            driver.fire(new LoadDriver.Slot(driver));
        }
        Thread.sleep(warmup * 1000L);
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long c0 = LoadDriver.COMPLETED.get();
        long a0 = mx.getTotalThreadAllocatedBytes();
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Thread.sleep(measure * 1000L);
        long c1 = LoadDriver.COMPLETED.get();
        long a1 = mx.getTotalThreadAllocatedBytes();
        long cpu1 = os.getProcessCpuTime();
        double seconds = (System.nanoTime() - t0) / 1e9;
        long n = c1 - c0;
        System.out.printf("RESULT client=%s rps=%.0f alloc_per_req=%.0f cpu_ns_per_req=%.0f errors=%d%n", kind,
                n / seconds, (double) (a1 - a0) / Math.max(1, n), (double) (cpu1 - cpu0) / Math.max(1, n),
                LoadDriver.ERRORS.get());
        LoadDriver.STOP.set(1);
        driver.close();
        System.exit(0);
    }
}
