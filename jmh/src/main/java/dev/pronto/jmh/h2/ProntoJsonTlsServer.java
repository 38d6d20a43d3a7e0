package dev.pronto.jmh.h2;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.Transport;
import dev.pronto.jmh.json.JmhJsonConfiguration;
import dev.pronto.json.ProntoJson;
import java.nio.file.Path;

/**
 * Pronto for the json-tls load script: {@code /json/{count}?m=} as the arena app serves it, over
 * cleartext HTTP/1.1 on {@code port} and over HTTPS (HTTP/1.1 only, OpenSSL when it loads) on
 * {@code port + 1}, one epoll event loop, so one process gives both sides of the comparison.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.ProntoJsonTlsServer 8080 cert key}.
 */
public final class ProntoJsonTlsServer {
    private ProntoJsonTlsServer() {
    }

    /** Arguments: port, PEM certificate, PEM key. */
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        TlsConfig tls = TlsConfig.builder().pem(Path.of(args[1]), Path.of(args[2])).build();
        Server.builder()
                .config(c -> c.ioThreads(1).transport(Transport.EPOLL))
                .listener(Listener.http(port).withProtocols(Protocol.HTTP_1_1))
                .listener(Listener.https(port + 1, tls).withProtocols(Protocol.HTTP_1_1))
                .json(ProntoJson.create(new JmhJsonConfiguration()))
                .routes(r -> r.get("/json/{count}", (req, res) -> res.json(ArenaH2.json(req.param("count"), req.query("m")))))
                .build().start();
    }
}
