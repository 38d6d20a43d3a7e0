package dev.pronto.jmh.pg;

/**
 * What both async-db servers share: HttpArena's query, its parameter rules and the environment
 * HttpArena passes ({@code DATABASE_URL}, {@code DATABASE_MAX_CONN}).
 */
final class AsyncDb {
    /** HttpArena's async-db query, verbatim. */
    static final String SQL = "SELECT id, name, category, price, quantity, active, tags, rating_score, rating_count"
            + " FROM items WHERE price BETWEEN $1 AND $2 LIMIT $3";
    static final String PATH = "/async-db";
    static final int DEFAULT_MIN = 10;
    static final int DEFAULT_MAX = 50;
    static final int DEFAULT_LIMIT = 50;

    private AsyncDb() {
    }

    /** {@code DATABASE_URL}, or HttpArena's default. */
    static String url() {
        String url = System.getenv("DATABASE_URL");
        return url == null || url.isBlank() ? "postgres://bench:bench@localhost:5432/benchmark" : url;
    }

    /** {@code DATABASE_MAX_CONN}, or 256. */
    static int maxConnections() {
        String max = System.getenv("DATABASE_MAX_CONN");
        return max == null || max.isBlank() ? 256 : Integer.parseInt(max.strip());
    }

    /** {@code value} as an int, or {@code fallback} when absent or malformed. */
    static int intOr(String value, int fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** HttpArena clamps {@code limit} to 1..50. */
    static int clampLimit(int limit) {
        return Math.clamp(limit, 1, 50);
    }

    /** Argument {@code i} as an int, or {@code fallback}. */
    static int arg(String[] args, int i, int fallback) {
        return args.length > i ? Integer.parseInt(args[i]) : fallback;
    }
}
