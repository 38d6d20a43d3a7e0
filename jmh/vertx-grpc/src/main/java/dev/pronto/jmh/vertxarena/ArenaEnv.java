package dev.pronto.jmh.vertxarena;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The arena app's environment variables, with its defaults; every port may be 0 (a free one).
 *
 * @param port {@code PORT} (8080): HTTP/1.1 and h2c with prior knowledge
 * @param h2cPort {@code H2C_PORT} (8082): h2c only
 * @param tlsPort {@code TLS_PORT} (8081): HTTPS, HTTP/1.1 only
 * @param h2Port {@code H2_PORT} (8443): TLS with ALPN h2 and http/1.1
 * @param tlsCert {@code TLS_CERT} (/certs/server.crt), PEM
 * @param tlsKey {@code TLS_KEY} (/certs/server.key), PKCS#8 PEM
 * @param dataDir {@code DATA_DIR} (/data): dataset.json and static/
 * @param databaseUrl {@code DATABASE_URL}, or HttpArena's default when unset
 * @param maxDbConnections {@code DATABASE_MAX_CONN} (256), or 1 when {@code DATABASE_URL} is unset, as the arena app
 */
record ArenaEnv(int port, int h2cPort, int tlsPort, int h2Port, Path tlsCert, Path tlsKey, Path dataDir,
                String databaseUrl, int maxDbConnections) {
    static final String DEFAULT_DATABASE_URL = "postgres://bench:bench@localhost:5432/benchmark";

    /** The settings of {@code env}; a malformed number fails naming its variable. */
    static ArenaEnv of(Map<String, String> env) {
        String url = env.get("DATABASE_URL");
        boolean noUrl = url == null || url.isBlank();
        return new ArenaEnv(port(env, "PORT", 8080), port(env, "H2C_PORT", 8082), port(env, "TLS_PORT", 8081),
                port(env, "H2_PORT", 8443), Path.of(env.getOrDefault("TLS_CERT", "/certs/server.crt")),
                Path.of(env.getOrDefault("TLS_KEY", "/certs/server.key")), Path.of(env.getOrDefault("DATA_DIR", "/data")),
                noUrl ? DEFAULT_DATABASE_URL : url, noUrl ? 1 : poolSize(env));
    }

    /** Whether both PEM files are readable, so the TLS listeners start (the arena app's rule). */
    boolean hasCertificate() {
        return Files.isReadable(tlsCert) && Files.isReadable(tlsKey);
    }

    private static int poolSize(Map<String, String> env) {
        int size = integer(env, "DATABASE_MAX_CONN", 256);
        if (size < 1) {
            throw new IllegalArgumentException("DATABASE_MAX_CONN must be at least 1, got " + size);
        }
        return size;
    }

    private static int port(Map<String, String> env, String name, int fallback) {
        int port = integer(env, name, fallback);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be a port 0..65535, got " + port);
        }
        return port;
    }

    private static int integer(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        try {
            return value == null || value.isBlank() ? fallback : Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer, got '" + value + "'", e);
        }
    }
}
