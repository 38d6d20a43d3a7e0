package dev.pronto.jmh.core;

import dev.pronto.core.Server;
import dev.pronto.core.Transport;

/**
 * Pronto's plaintext server for the load script, on one event loop with epoll like the baseline.
 * It serves {@code /plaintext} and {@code GET /baseline11?a=&b=} (the sum), as the Netty baseline does.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.core.ProntoPlaintextServer 8080}.
 */
public final class ProntoPlaintextServer {
    private ProntoPlaintextServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        Transport transport = args.length > 1 ? Transport.valueOf(args[1]) : Transport.EPOLL;
        Server.builder()
                .config(c -> c.port(port).ioThreads(1).transport(transport))
                .routes(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!"))
                        .get("/baseline11", (req, res) -> res.send(Long.toString(param(req, "a") + param(req, "b")))))
                .build().start();
    }

    private static long param(dev.pronto.core.Request req, String name) {
        String v = req.query(name);
        return v == null || v.isEmpty() ? 0 : Long.parseLong(v.trim());
    }
}
