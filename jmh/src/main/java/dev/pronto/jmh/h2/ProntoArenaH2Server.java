package dev.pronto.jmh.h2;

import dev.pronto.core.Compression;
import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.StaticFiles;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.Transport;
import dev.pronto.jmh.json.JmhJsonConfiguration;
import dev.pronto.json.ProntoJson;
import java.nio.file.Path;

/**
 * Pronto for the arena modes of the h2 load script, configured as the arena app is:
 * {@code /json/{count}?m=} through DSL-JSON, {@code /static/*} from memory with precompressed
 * siblings, compression defaults; h2c or TLS (ALPN h2), one epoll event loop.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.ProntoArenaH2Server 8082 [cert key]}.
 */
public final class ProntoArenaH2Server {
    private ProntoArenaH2Server() {
    }

    /** Arguments: port, then optionally a PEM certificate and key for TLS (h2 through ALPN) instead of h2c. */
    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8082;
        Listener listener = args.length > 2
                ? Listener.https(port, TlsConfig.builder().pem(Path.of(args[1]), Path.of(args[2])).build())
                : Listener.h2c(port);
        StaticFiles files = StaticFiles.builder(ArenaH2.staticDir()).cache(StaticFiles.Cache.MEMORY).build();
        Server.builder()
                .config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(listener)
                .json(ProntoJson.create(new JmhJsonConfiguration()))
                .compression(Compression.defaults())
                .routes(r -> r
                        .get("/json/{count}", (req, res) -> res.json(ArenaH2.json(req.param("count"), req.query("m"))))
                        .get("/static/{*path}", files))
                .build().start();
    }
}
