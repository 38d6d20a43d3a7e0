package dev.pronto.jmh.teleport;

import com.sun.management.OperatingSystemMXBean;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.TeleportClient;
import dev.pronto.client.http.TeleportCompression;
import dev.pronto.client.http.TeleportConfig;
import dev.pronto.core.Transport;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Closed-loop load on one connection: {@code inflight} GETs outstanding, each completion sending
 * the next, through the teleport client (none, flate, snappy) or Pronto's pipelined HTTP/1.1 client
 * (one connection, pipeline depth = inflight). Over the measured window it prints requests/s, client
 * and server CPU per request (this process; the server's from /proc), and bytes on the wire per
 * request as the kernel counted them on the client's socket ({@code ss -ti}: bytes_sent, bytes_received).
 * Run: {@code TeleportLoad <kind> <httpPort> <teleportPort> <path> <inflight> <warmupS> <measureS> <serverPid>}
 * with kind one of teleport-none, teleport-flate, teleport-snappy, http1.
 */
public final class TeleportLoad {
    private static final AtomicLong COMPLETED = new AtomicLong();
    private static final AtomicLong ERRORS = new AtomicLong();
    private static volatile boolean stop;

    private TeleportLoad() {
    }

    /** Runs one variant and prints one RESULT line. */
    public static void main(String[] args) throws Exception {
        String kind = args[0];
        int tpPort = Integer.parseInt(args[2]);
        int inflight = Integer.parseInt(args[4]);
        int port = kind.equals("http1") ? Integer.parseInt(args[1]) : tpPort;
        ClientRequest request = ClientRequest.get("http://127.0.0.1:" + port + args[3]);
        AutoCloseable client;
        BiConsumer<ClientRequest, ResponseListener> send;
        if (kind.equals("http1")) {
            HttpClient http = HttpClient.create(ClientConfig.builder().ioThreads(1).transport(Transport.EPOLL)
                    .maxConnectionsPerHost(1).pipelineDepth(Math.min(inflight, 1024)).maxPending(inflight * 2).build());
            client = http;
            send = http::send;
        } else {
            TeleportCompression c = TeleportCompression.valueOf(kind.substring("teleport-".length()).toUpperCase());
            TeleportClient tp = TeleportClient.create(TeleportConfig.builder("127.0.0.1", tpPort).compression(c)
                    .ioThreads(1).transport(Transport.EPOLL).maxPendingRequests(inflight * 2).build());
            client = tp;
            send = tp::send;
        }
        ResponseListener slot = new ResponseListener() {
            @Override
            public void complete(ClientResponse response, Throwable failure) {
                if (failure != null || response.status() != 200 || !response.body().isReadable()) {
                    ERRORS.incrementAndGet();
                }
                COMPLETED.incrementAndGet();
                if (!stop) {
                    send.accept(request, this);
                }
            }
        };
        for (int i = 0; i < inflight; i++) {
            send.accept(request, slot);
        }
        Thread.sleep(Integer.parseInt(args[5]) * 1000L);
        measure(kind, port, Integer.parseInt(args[6]), Long.parseLong(args[7]));
        stop = true;
        client.close();
        System.exit(0);
    }

    private static void measure(String kind, int port, int seconds, long serverPid) throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] w0 = wire(port);
        long s0 = serverCpuNanos(serverPid);
        long c0 = COMPLETED.get();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long n = COMPLETED.get() - c0;
        long cpu1 = os.getProcessCpuTime();
        long s1 = serverCpuNanos(serverPid);
        long[] w1 = wire(port);
        double elapsed = (System.nanoTime() - t0) / 1e9;
        double per = Math.max(1, n);
        System.out.printf("RESULT kind=%s rps=%.0f client_cpu_ns=%.0f server_cpu_ns=%.0f wire_out=%.1f wire_in=%.1f"
                + " wire_total=%.1f errors=%d%n", kind, n / elapsed, (cpu1 - cpu0) / per, (s1 - s0) / per,
                (w1[0] - w0[0]) / per, (w1[1] - w0[1]) / per, (w1[0] - w0[0] + w1[1] - w0[1]) / per, ERRORS.get());
    }

    /** bytes_sent and bytes_received of this client's sockets to {@code port}, from the kernel. */
    static long[] wire(int port) throws Exception {
        Process p = new ProcessBuilder("ss", "-tinH", "dst", "127.0.0.1:" + port).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return new long[] {sum(out, "bytes_sent:"), sum(out, "bytes_received:")};
    }

    private static long sum(String ss, String key) {
        long total = 0;
        for (int i = ss.indexOf(key); i >= 0; i = ss.indexOf(key, i + 1)) {
            int from = i + key.length();
            int to = from;
            while (to < ss.length() && Character.isDigit(ss.charAt(to))) {
                to++;
            }
            total += Long.parseLong(ss.substring(from, to));
        }
        return total;
    }

    /** utime + stime of the server process, in nanoseconds (assumes 100 clock ticks per second). */
    private static long serverCpuNanos(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
    }
}
