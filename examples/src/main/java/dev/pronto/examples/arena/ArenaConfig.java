package dev.pronto.examples.arena;

import java.nio.file.Path;
import java.util.Map;

/**
 * The arena app's settings, from HttpArena's environment variables.
 *
 * @param port {@code PORT}, default 8080
 * @param dataDir {@code DATA_DIR}, default {@code /data}; generated data is used when it is missing
 * @param databaseUrl {@code DATABASE_URL}, or null to start an embedded Postgres
 * @param maxDbConnections {@code DATABASE_MAX_CONN}, default 256
 * @param staticCache {@code STATIC_CACHE}: {@code memory} (default) or {@code disk}
 */
record ArenaConfig(int port, Path dataDir, String databaseUrl, int maxDbConnections, String staticCache) {
    static ArenaConfig fromEnv(Map<String, String> env) {
        return new ArenaConfig(
                Integer.parseInt(env.getOrDefault("PORT", "8080")),
                Path.of(env.getOrDefault("DATA_DIR", "/data")),
                blankToNull(env.get("DATABASE_URL")),
                Integer.parseInt(env.getOrDefault("DATABASE_MAX_CONN", "256")),
                env.getOrDefault("STATIC_CACHE", "memory"));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
