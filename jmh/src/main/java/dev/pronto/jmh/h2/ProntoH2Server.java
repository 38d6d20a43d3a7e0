package dev.pronto.jmh.h2;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.Transport;
import java.nio.file.Path;

/**
 * Pronto for the h2 load script: {@code /baseline2?a=&b=} (HttpArena's h2 endpoint) over h2c with
 * prior knowledge, or over TLS (OpenSSL when it loads) with ALPN h2, one epoll event loop. Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.ProntoH2Server 8082}.
 */
public final class ProntoH2Server {
    private ProntoH2Server() {
    }

    /** Arguments: port, then optionally a PEM certificate and key for TLS (h2 through ALPN) instead of h2c. */
    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8082;
        Listener listener = args.length > 2
                ? Listener.https(port, TlsConfig.builder().pem(Path.of(args[1]), Path.of(args[2])).build())
                : Listener.h2c(port);
        Server.builder()
                .config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(listener)
                .routes(r -> r.get("/baseline2", (req, res) -> res.send(Long.toString(Baseline2.sum(req.query("a"), req.query("b"))))))
                .build().start();
    }
}
