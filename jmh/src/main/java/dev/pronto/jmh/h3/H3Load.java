package dev.pronto.jmh.h3;

import dev.pronto.client.http.Client;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ClientTls;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.Http3Client;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.core.Protocol;
import dev.pronto.core.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Closed-loop HTTP/3 load: {@code connections} QUIC connections (one {@link Http3Client} each, all on one
 * epoll event loop) with {@code streams} requests outstanding on each, every completion sending the next;
 * the URLs are taken in turn. After {@code warmupS} it counts, for {@code durationS}: 2xx answers, other
 * statuses, failures, requests/s and latency percentiles (send to whole response). {@code h2} runs the same
 * driver over Pronto's {@link HttpClient} (TLS, ALPN h2), for a same-driver comparison. TLS trust is off
 * (hostname verification NONE, trust of the given certificate). Prints one {@code RESULT} line.
 * {@code -Dh3load.transport=nio|io_uring} runs the driver's loop on another transport than epoll.
 * Run: {@code H3Load <h3|h2> <cert.pem> <connections> <streams> <warmupS> <durationS> <url>...}
 */
public final class H3Load {
    private static volatile boolean measuring;
    private static volatile boolean stop;

    private H3Load() {
    }

    /** Runs the load and prints its RESULT line. */
    public static void main(String[] args) throws Exception {
        String proto = args[0];
        int connections = Integer.parseInt(args[2]);
        int streams = Integer.parseInt(args[3]);
        int warmup = Integer.parseInt(args[4]);
        int duration = Integer.parseInt(args[5]);
        List<ClientRequest> requests = new ArrayList<>();
        for (int i = 6; i < args.length; i++) {
            requests.add(ClientRequest.get(args[i]));
        }
        ClientTls tls = ClientTls.builder().trustedCertificates(java.nio.file.Path.of(args[1]))
                .hostnameVerification(ClientTls.HostnameVerification.NONE).build();
        ClientConfig config = ClientConfig.builder().tls(tls).transport(Transport.EPOLL).protocols(Protocol.HTTP_2)
                .maxPending(streams * 2).maxConnectionsPerHost(1).maxAttempts(1).requestTimeout(Duration.ofSeconds(10)).build();
        // -Dh3load.transport=nio|io_uring tries the other datagram channels (default epoll)
        String transport = System.getProperty("h3load.transport", "epoll");
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, switch (transport) {
            case "nio" -> io.netty.channel.nio.NioIoHandler.newFactory();
            case "io_uring" -> io.netty.channel.uring.IoUringIoHandler.newFactory();
            default -> EpollIoHandler.newFactory();
        });
        List<Client> clients = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            clients.add(proto.equals("h2") ? HttpClient.create(config, loop) : Http3Client.create(config, loop));
        }
        Tally tally = new Tally();
        List<Slot> slots = new ArrayList<>();
        for (Client client : clients) {
            for (int s = 0; s < streams; s++) {
                slots.add(new Slot(client, requests, tally, slots.size()));
            }
        }
        // start from the loop, so every send of the run is made on it
        loop.next().execute(() -> slots.forEach(Slot::next));
        TimeUnit.SECONDS.sleep(warmup);
        loop.next().submit(() -> {
            tally.reset();
            measuring = true;
        }).get();
        long t0 = System.nanoTime();
        TimeUnit.SECONDS.sleep(duration);
        double seconds = loop.next().submit(() -> {
            measuring = false;
            return (System.nanoTime() - t0) / 1e9;
        }).get();
        stop = true;
        Tally t = loop.next().submit(() -> tally).get();
        System.out.printf("RESULT proto=%s connections=%d streams=%d rps=%.0f ok=%d non2xx=%d errors=%d"
                        + " p50_us=%d p90_us=%d p99_us=%d p999_us=%d max_us=%d%n",
                proto, connections, streams, t.ok / seconds, t.ok, t.non2xx, t.errors, t.latencies.percentile(0.5),
                t.latencies.percentile(0.9), t.latencies.percentile(0.99), t.latencies.percentile(0.999), t.latencies.max());
        if (t.firstError != null) {
            System.out.println("first error: " + t.firstError);
        }
        clients.forEach(Client::close);
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** What the measured window counted; touched on the loop only. */
    private static final class Tally {
        long ok;
        long non2xx;
        long errors;
        String firstError;
        Latencies latencies = new Latencies();

        void reset() {
            ok = 0;
            non2xx = 0;
            errors = 0;
            firstError = null;
            latencies = new Latencies();
        }
    }

    /** One outstanding request at a time, sent again on completion. */
    private static final class Slot implements ResponseListener {
        private final Client client;
        private final List<ClientRequest> requests;
        private final Tally tally;
        private int turn;
        private long start;

        Slot(Client client, List<ClientRequest> requests, Tally tally, int first) {
            this.client = client;
            this.requests = requests;
            this.tally = tally;
            this.turn = first;
        }

        void next() {
            if (stop) {
                return;
            }
            ClientRequest r = requests.get(turn++ % requests.size());
            start = System.nanoTime();
            client.send(r, this);
        }

        @Override
        public void complete(ClientResponse response, Throwable failure) {
            if (measuring) {
                if (failure != null) {
                    tally.errors++;
                    if (tally.firstError == null) {
                        tally.firstError = failure.toString();
                    }
                } else if (response.status() / 100 == 2) {
                    tally.ok++;
                    tally.latencies.record((System.nanoTime() - start) / 1000);
                } else {
                    tally.non2xx++;
                }
            }
            next();
        }
    }
}
