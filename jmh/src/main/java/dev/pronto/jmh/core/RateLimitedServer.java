package dev.pronto.jmh.core;

import dev.pronto.core.RateLimit;
import dev.pronto.core.Server;
import java.time.Duration;

/**
 * A route limited to {@code rate} requests per second per client (burst {@code burst}) for
 * {@code jmh/load/ratelimit.sh}, on two event loops so the limit is shared across loops.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.core.RateLimitedServer 8080 1000 100}.
 */
public final class RateLimitedServer {
    private RateLimitedServer() {
    }

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        long rate = args.length > 1 ? Long.parseLong(args[1]) : 1000;
        long burst = args.length > 2 ? Long.parseLong(args[2]) : 100;
        RateLimit limit = RateLimit.builder(rate, Duration.ofSeconds(1)).burst(burst).build();
        Server.builder()
                .config(c -> c.port(port).ioThreads(2))
                .routes(r -> r.get("/up", (req, res) -> res.send("up"))
                        .group("/limited", g -> g.onRequest(limit).get("", (req, res) -> res.send("Hello, World!"))))
                .build().start();
    }
}
