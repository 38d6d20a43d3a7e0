package dev.pronto.client.pg;

import dev.pronto.core.config.Config;
import java.time.Duration;

/**
 * A {@link PgConfig} read from a {@link Config} under a key prefix, so the database settings come from the
 * same layers as the rest (with the prefix {@code database}: {@code database.url} is {@code DATABASE_URL} in the
 * environment, {@code database.max-conn} is {@code DATABASE_MAX_CONN}, HttpArena's variables).
 *
 * <table>
 * <caption>Keys (after the prefix and a dot)</caption>
 * <tr><th>key</th><th>default</th></tr>
 * <tr><td>{@code url}</td><td>the {@code fallbackUrl} argument; {@code postgres://user:pass@host:port/db}, its
 * password masked by {@link Config#describe()}</td></tr>
 * <tr><td>{@code max-conn}</td><td>{@value PgConfig#DEFAULT_MAX_CONNECTIONS}</td></tr>
 * <tr><td>{@code pipelining-limit}</td><td>{@value PgConfig#DEFAULT_PIPELINING_LIMIT}</td></tr>
 * <tr><td>{@code query-timeout}</td><td>5 s</td></tr>
 * <tr><td>{@code connect-timeout}</td><td>2 s</td></tr>
 * </table>
 *
 * <p>Start-up only.
 */
public final class PgSettings {
    private PgSettings() {
    }

    /**
     * The Postgres settings under {@code prefix}.
     *
     * @param fallbackUrl used when {@code url} is unset or blank
     * @throws IllegalArgumentException naming the key of a malformed or out-of-range value, or what is wrong with the
     *         URL (its password never echoed)
     */
    public static PgConfig from(Config c, String prefix, String fallbackUrl) {
        String url = c.string(prefix + ".url", fallbackUrl);
        if (url == null || url.isBlank()) {
            url = fallbackUrl;
        }
        int maxConnections = c.integer(prefix + ".max-conn", PgConfig.DEFAULT_MAX_CONNECTIONS, 1, 100_000);
        int pipelining = c.integer(prefix + ".pipelining-limit", PgConfig.DEFAULT_PIPELINING_LIMIT, 1, 65_536);
        Duration query = c.duration(prefix + ".query-timeout", PgConfig.DEFAULT_QUERY_TIMEOUT);
        Duration connect = c.duration(prefix + ".connect-timeout", PgConfig.DEFAULT_CONNECT_TIMEOUT);
        try {
            return PgConfig.builder().url(url).maxConnections(maxConnections).pipeliningLimit(pipelining)
                    .queryTimeout(query).connectTimeout(connect).build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(prefix + ": " + e.getMessage(), e);
        }
    }
}
