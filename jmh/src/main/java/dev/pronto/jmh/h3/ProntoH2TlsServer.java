package dev.pronto.jmh.h3;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.StaticFiles;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.Transport;
import java.nio.file.Path;

/**
 * Pronto over h2 (TLS, ALPN h2) with the routes of the h3 load, for the same-run h2load figure:
 * {@code /baseline2?a=&b=} and {@code /static/*} from memory, one epoll event loop.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h3.ProntoH2TlsServer <tcpPort> <cert.pem> <key.pem>}.
 */
public final class ProntoH2TlsServer {
    private ProntoH2TlsServer() {
    }

    /** Arguments: TCP port, PEM certificate, PEM key. */
    public static void main(String[] args) {
        StaticFiles files = StaticFiles.builder(ArenaRoutes.staticDir()).cache(StaticFiles.Cache.MEMORY).build();
        Server.builder()
                .config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(Listener.https(Integer.parseInt(args[0]),
                        TlsConfig.builder().pem(Path.of(args[1]), Path.of(args[2])).build()))
                .routes(r -> r
                        .get("/baseline2", (req, res) -> res.send(Long.toString(ArenaRoutes.sum(req.query("a"), req.query("b")))))
                        .get("/static/{*path}", files))
                .build().start();
    }
}
