package dev.pronto.jmh.teleport;

import dev.pronto.core.Listener;
import dev.pronto.core.Request;
import dev.pronto.core.Server;
import dev.pronto.core.Transport;
import dev.pronto.jmh.json.Arena;
import dev.pronto.jmh.json.JmhJsonConfiguration;
import dev.pronto.json.ProntoJson;
import java.util.ArrayList;
import java.util.List;

/**
 * One event loop serving HttpArena's {@code GET /baseline11?a=&b=} (the sum) and
 * {@code GET /json/{n}?m=} (the first n dataset items priced with m, encoded per request) on an
 * HTTP/1.1 port and a teleport port, and optionally a teleport port offering TLS (the HttpArena
 * certificate, {@code server.crt}/{@code server.key} in the directory of system property {@code certs},
 * default {@code ../shared/arena-data/certs}). Run: {@code TeleportBenchServer <httpPort> <teleportPort>
 * [teleportTlsPort]} from the project root (the dataset is read from {@value Arena#DEFAULT_DATASET}).
 */
public final class TeleportBenchServer {
    private TeleportBenchServer() {
    }

    /** Starts the server and blocks. */
    public static void main(String[] args) throws InterruptedException {
        List<Arena.Item> items = Arena.items(50);
        Server.Builder builder = Server.builder();
        if (args.length > 2) {
            java.nio.file.Path certs = java.nio.file.Path.of(System.getProperty("certs", "../shared/arena-data/certs"));
            builder.listener(Listener.teleport(Integer.parseInt(args[2]), dev.pronto.core.TlsConfig.builder()
                    .pem(certs.resolve("server.crt"), certs.resolve("server.key")).build()));
        }
        builder.config(c -> c.ioThreads(1).transport(Transport.EPOLL).maxPendingResponses(4096))
                .listener(Listener.http(Integer.parseInt(args[0])))
                .listener(Listener.teleport(Integer.parseInt(args[1])))
                .json(ProntoJson.create(new JmhJsonConfiguration()))
                .routes(r -> r
                        .get("/baseline11", (req, res) -> res.send(Long.toString(number(req, "a") + number(req, "b"))))
                        .get("/json/{n}", (req, res) -> res.json(priced(items, Integer.parseInt(req.param("n")),
                                number(req, "m")))))
                .build().start();
        Thread.currentThread().join();
    }

    private static long number(Request req, String name) {
        String v = req.query(name);
        return v == null ? 0 : Long.parseLong(v);
    }

    private static Arena.ItemsResponse priced(List<Arena.Item> items, int n, long m) {
        List<Arena.PricedItem> out = new ArrayList<>(n);
        for (int i = 0; i < Math.min(n, items.size()); i++) {
            Arena.Item it = items.get(i);
            out.add(new Arena.PricedItem(it.id(), it.name(), it.category(), it.price(), it.quantity(), it.active(),
                    it.tags(), it.rating(), it.price() * (long) it.quantity() * m));
        }
        return new Arena.ItemsResponse(out, out.size());
    }
}
