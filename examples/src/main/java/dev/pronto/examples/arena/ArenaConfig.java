package dev.pronto.examples.arena;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The arena app's settings, from HttpArena's environment variables. Every port may be 0 (a free one).
 *
 * @param port {@code PORT}, default 8080: HTTP/1.1 and h2c with prior knowledge
 * @param tlsPort {@code TLS_PORT}, default 8081: HTTPS, HTTP/1.1 only ({@code json-tls})
 * @param h2Port {@code H2_PORT}, default 8443: TLS with ALPN h2 and http/1.1 ({@code baseline-h2}, {@code static-h2})
 * @param h2cPort {@code H2C_PORT}, default 8082: h2c only ({@code baseline-h2c}, {@code json-h2c})
 * @param tlsCert {@code TLS_CERT}, default {@code /certs/server.crt}: PEM certificate chain
 * @param tlsKey {@code TLS_KEY}, default {@code /certs/server.key}: unencrypted PKCS#8 PEM key
 * @param dataDir {@code DATA_DIR}, default {@code /data}; generated data is used when it is missing
 * @param databaseUrl {@code DATABASE_URL}, or null to start an embedded Postgres
 * @param maxDbConnections {@code DATABASE_MAX_CONN}, default 256
 * @param staticCache {@code STATIC_CACHE}: {@code memory} (default) or {@code disk}
 * @param teleportPort {@code TELEPORT_PORT}, default 8090: httpteleport (none, flate and snappy clients)
 */
record ArenaConfig(int port, int tlsPort, int h2Port, int h2cPort, Path tlsCert, Path tlsKey, Path dataDir,
                   String databaseUrl, int maxDbConnections, String staticCache, int teleportPort) {
    static ArenaConfig fromEnv(Map<String, String> env) {
        return new ArenaConfig(
                Integer.parseInt(env.getOrDefault("PORT", "8080")),
                Integer.parseInt(env.getOrDefault("TLS_PORT", "8081")),
                Integer.parseInt(env.getOrDefault("H2_PORT", "8443")),
                Integer.parseInt(env.getOrDefault("H2C_PORT", "8082")),
                Path.of(env.getOrDefault("TLS_CERT", "/certs/server.crt")),
                Path.of(env.getOrDefault("TLS_KEY", "/certs/server.key")),
                Path.of(env.getOrDefault("DATA_DIR", "/data")),
                blankToNull(env.get("DATABASE_URL")),
                Integer.parseInt(env.getOrDefault("DATABASE_MAX_CONN", "256")),
                env.getOrDefault("STATIC_CACHE", "memory"),
                Integer.parseInt(env.getOrDefault("TELEPORT_PORT", "8090")));
    }

    /** Whether both TLS files are readable, so the TLS listeners can start. */
    boolean hasCertificate() {
        return Files.isReadable(tlsCert) && Files.isReadable(tlsKey);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
