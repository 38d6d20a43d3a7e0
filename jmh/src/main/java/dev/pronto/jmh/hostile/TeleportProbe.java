package dev.pronto.jmh.hostile;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.TeleportClient;
import dev.pronto.client.http.TeleportConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An ordinary teleport client beside an attack ({@code jmh/load/hostile.sh}): one {@code GET /baseline11} every
 * 200 ms, each given 2 s, printing {@code teleport <status> <seconds>} per
 * request (status 0 for none within 2 s) until the stop file exists, or for ten minutes at most.
 * Arguments: host port stop-file.
 */
public final class TeleportProbe {
    private static final Duration PATIENCE = Duration.ofSeconds(2);
    private static final long MAX_NANOS = TimeUnit.MINUTES.toNanos(10);

    private TeleportProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path stop = Path.of(args[2]);
        ClientRequest request = ClientRequest.get("http://" + args[0] + ":" + args[1] + "/baseline11?a=1&b=1");
        long end = System.nanoTime() + MAX_NANOS;
        try (TeleportClient client = TeleportClient.create(TeleportConfig.builder(args[0], Integer.parseInt(args[1]))
                .requestTimeout(PATIENCE).connectTimeout(PATIENCE).build())) {
            while (!Files.exists(stop) && System.nanoTime() < end) {
                long start = System.nanoTime();
                int status = once(client, request);
                System.out.printf("teleport %d %.3f%n", status, (System.nanoTime() - start) / 1e9);
                System.out.flush();
                Thread.sleep(200);
            }
        }
    }

    private static int once(TeleportClient client, ClientRequest request) {
        try (ClientResponse response = client.send(request).toCompletableFuture()
                .get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            return response.status();
        } catch (Exception e) {
            return 0;
        }
    }
}
