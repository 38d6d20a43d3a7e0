package dev.pronto.jmh.h2;

import dev.pronto.core.Server;
import dev.pronto.core.Transport;

/**
 * Pronto for the h2 load script: {@code /baseline2?a=&b=} (HttpArena's h2 endpoint) over h2c with
 * prior knowledge, one epoll event loop. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.ProntoH2Server 8082}.
 */
public final class ProntoH2Server {
    private ProntoH2Server() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8082;
        Server.builder()
                .config(c -> c.port(port).ioThreads(1).transport(Transport.EPOLL))
                .routes(r -> r.get("/baseline2", (req, res) -> res.send(Long.toString(Baseline2.sum(req.query("a"), req.query("b"))))))
                .build().start();
    }
}
