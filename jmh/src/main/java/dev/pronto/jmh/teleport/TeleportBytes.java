package dev.pronto.jmh.teleport;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.client.http.TeleportClient;
import dev.pronto.client.http.TeleportCompression;
import dev.pronto.client.http.TeleportConfig;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Bytes on the wire per request, a count rather than a timing: sends exactly {@code count} GETs
 * with {@code inflight} outstanding on one connection (after one warm-up request, so the handshake
 * is not counted) and divides the kernel's bytes_sent / bytes_received of the client's socket
 * ({@code ss -ti}) by the count. Run: {@code TeleportBytes <http1|none|flate|snappy> <port> <path>
 * <count> <inflight>} against {@link TeleportBenchServer}.
 */
public final class TeleportBytes {
    private TeleportBytes() {
    }

    /** Prints one line: bytes out, in and in all per request, and the number of failed requests. */
    public static void main(String[] args) throws Exception {
        String kind = args[0];
        int port = Integer.parseInt(args[1]);
        int count = Integer.parseInt(args[3]);
        int inflight = Integer.parseInt(args[4]);
        ClientRequest request = ClientRequest.get("http://127.0.0.1:" + port + args[2]);
        AutoCloseable client;
        BiConsumer<ClientRequest, ResponseListener> send;
        if (kind.equals("http1")) {
            HttpClient h = HttpClient.create(ClientConfig.builder().maxConnectionsPerHost(1)
                    .pipelineDepth(Math.min(inflight, 1024)).maxPending(inflight * 2).build());
            client = h;
            send = h::send;
        } else {
            TeleportClient t = TeleportClient.create(TeleportConfig.builder("127.0.0.1", port)
                    .compression(TeleportCompression.valueOf(kind.toUpperCase())).maxPendingRequests(inflight * 2).build());
            client = t;
            send = t::send;
        }
        CountDownLatch warm = new CountDownLatch(1);
        send.accept(request, (r, e) -> warm.countDown());
        warm.await();
        long[] w0 = TeleportLoad.wire(port);
        int failed = run(send, request, count, inflight);
        long[] w1 = TeleportLoad.wire(port);
        double out = (w1[0] - w0[0]) / (double) count;
        double in = (w1[1] - w0[1]) / (double) count;
        System.out.printf("RESULT kind=%s path=%s inflight=%d out=%.1f in=%.1f total=%.1f errors=%d%n", kind, args[2],
                inflight, out, in, out + in, failed);
        client.close();
        System.exit(0);
    }

    private static int run(BiConsumer<ClientRequest, ResponseListener> send, ClientRequest request, int count,
                           int inflight) throws InterruptedException {
        AtomicInteger started = new AtomicInteger(inflight);
        AtomicInteger failed = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(count);
        ResponseListener[] next = new ResponseListener[1];
        next[0] = (r, e) -> {
            if (e != null || r.status() != 200) {
                failed.incrementAndGet();
            }
            done.countDown();
            if (started.incrementAndGet() <= count) {
                send.accept(request, next[0]);
            }
        };
        for (int i = 0; i < inflight; i++) {
            send.accept(request, next[0]);
        }
        done.await(120, TimeUnit.SECONDS);
        return failed.get();
    }
}
