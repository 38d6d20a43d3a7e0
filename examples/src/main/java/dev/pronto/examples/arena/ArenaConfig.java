package dev.pronto.examples.arena;

import dev.pronto.core.config.Config;
import dev.pronto.examples.arena.redis.RedisUrl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The arena app's settings: keys of a {@link Config}, so each may come from {@code arena.yaml}, the
 * environment (HttpArena's variables, {@code DATABASE_MAX_CONN} for {@code database.max-conn}) or a
 * system property, and a bad value fails at start naming its key. Every port may be 0 (a free one).
 *
 * @param port {@code port} ({@code PORT}), default 8080: HTTP/1.1 and h2c with prior knowledge
 * @param tlsPort {@code tls.port} ({@code TLS_PORT}), default 8081: HTTPS, HTTP/1.1 only ({@code json-tls})
 * @param h2Port {@code h2.port} ({@code H2_PORT}), default 8443: TLS with ALPN h2 and http/1.1 ({@code baseline-h2}, {@code static-h2})
 * @param h2cPort {@code h2c.port} ({@code H2C_PORT}), default 8082: h2c only ({@code baseline-h2c}, {@code json-h2c})
 * @param tlsCert {@code tls.cert} ({@code TLS_CERT}), default {@code /certs/server.crt}: PEM certificate chain
 * @param tlsKey {@code tls.key} ({@code TLS_KEY}), default {@code /certs/server.key}: unencrypted PKCS#8 PEM key
 * @param dataDir {@code data.dir} ({@code DATA_DIR}), default {@code /data}; generated data is used when it is missing
 * @param databaseUrl {@code database.url} ({@code DATABASE_URL}), or null: HttpArena's default in {@link ArenaApp}, an embedded Postgres in {@link ArenaDev}
 * @param maxDbConnections {@code database.max-conn} ({@code DATABASE_MAX_CONN}), default 256
 * @param staticCache {@code static.cache} ({@code STATIC_CACHE}): {@code memory} (default) or {@code disk}
 * @param teleportPort {@code teleport.port} ({@code TELEPORT_PORT}), default 8090: httpteleport (none, flate and snappy clients)
 * @param redisUrl {@code redis.url} ({@code REDIS_URL}), default {@code redis://127.0.0.1:6379}: production-stack's
 *                 cache, used by {@code /api/*} only
 * @param h3Port {@code h3.port} ({@code H3_PORT}), default the H2 port: HTTP/3 over QUIC on UDP ({@code baseline-h3},
 *     {@code static-h3}); sharing the h2 port number makes the h2 listener advertise it (Alt-Svc)
 * @param requestMetrics {@code metrics.requests} ({@code METRICS_REQUESTS}), default true: whether {@code /metrics} times
 *     every request ({@code http_server_requests_seconds}); false leaves the other meters, for measuring what timing costs
 */
record ArenaConfig(int port, int tlsPort, int h2Port, int h2cPort, Path tlsCert, Path tlsKey, Path dataDir,
                   String databaseUrl, int maxDbConnections, String staticCache, int teleportPort, RedisUrl redisUrl,
                   int h3Port, boolean requestMetrics) {
    /** The settings of {@code config}; see the keys above. */
    static ArenaConfig from(Config config) {
        int h2Port = config.integer("h2.port", 8443, 0, 65535);
        return new ArenaConfig(
                config.integer("port", 8080, 0, 65535),
                config.integer("tls.port", 8081, 0, 65535),
                h2Port,
                config.integer("h2c.port", 8082, 0, 65535),
                config.path("tls.cert", "/certs/server.crt"),
                config.path("tls.key", "/certs/server.key"),
                config.path("data.dir", "/data"),
                blankToNull(config.string("database.url", null)),
                config.integer("database.max-conn", 256, 1, 10_000),
                config.oneOf("static.cache", "memory", List.of("memory", "disk")),
                config.integer("teleport.port", 8090, 0, 65535),
                redis(config.string("redis.url", RedisUrl.DEFAULT)),
                config.integer("h3.port", h2Port, 0, 65535),
                config.bool("metrics.requests", true));
    }

    /** The settings of the environment variables {@code env} alone. */
    static ArenaConfig fromEnv(Map<String, String> env) {
        return from(Config.builder().env(env).build());
    }

    /** Whether both TLS files are readable, so the TLS listeners can start. */
    boolean hasCertificate() {
        return Files.isReadable(tlsCert) && Files.isReadable(tlsKey);
    }

    private static RedisUrl redis(String url) {
        try {
            return RedisUrl.parse(url == null || url.isBlank() ? RedisUrl.DEFAULT : url.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("redis.url (REDIS_URL): " + e.getMessage(), e);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
