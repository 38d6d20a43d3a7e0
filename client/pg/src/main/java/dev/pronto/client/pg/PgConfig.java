package dev.pronto.client.pg;

import java.time.Duration;
import java.util.Objects;

/**
 * Where Postgres is and how the per-loop connections behave. Immutable; validated on construction
 * with messages that name the field and the value.
 *
 * <pre>{@code
 * PgConfig config = PgConfig.builder()
 *     .url(System.getenv("DATABASE_URL"))          // postgres://bench:bench@localhost:5432/benchmark
 *     .maxConnections(256)                          // DATABASE_MAX_CONN: split evenly across the loops
 *     .build();
 * }</pre>
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 *   <tr><td>port</td><td>5432</td><td>server port when the URL names none</td></tr>
 *   <tr><td>maxConnections</td><td>16</td><td>total over all loops; each loop opens
 *       {@code max(1, maxConnections / loops)}, see {@link #connectionsPerLoop(int)}</td></tr>
 *   <tr><td>pipeliningLimit</td><td>256</td><td>queries in flight per connection before further ones queue</td></tr>
 *   <tr><td>queryTimeout</td><td>5 s</td><td>a query unanswered this long fails with 504 and its
 *       connection is re-established</td></tr>
 *   <tr><td>connectTimeout</td><td>2 s</td><td>TCP connect timeout of one attempt</td></tr>
 *   <tr><td>reconnectMin</td><td>100 ms</td><td>first delay before reconnecting a lost connection</td></tr>
 *   <tr><td>reconnectMax</td><td>5 s</td><td>the delay doubles per failed attempt up to this</td></tr>
 *   <tr><td>cachePreparedStatements</td><td>true</td><td>prepare each SQL text once per connection</td></tr>
 *   <tr><td>transactionConnections</td><td>4</td><td>total over all loops of the connections
 *       {@link Postgres#withTransaction} opens on demand, beside {@code maxConnections}; each loop opens at most
 *       {@code max(1, transactionConnections / loops)}</td></tr>
 * </table>
 *
 * @param host server host name or address
 * @param port server port, 1..65535
 * @param database database name
 * @param user user name
 * @param password password, may be empty (trust or peer authentication)
 * @param maxConnections total connections over all event loops, at least 1
 * @param pipeliningLimit queries written ahead on one connection, at least 1
 * @param queryTimeout how long a query may stay unanswered, positive
 * @param connectTimeout how long one connection attempt may take, positive
 * @param reconnectMin delay before the first reconnection attempt, positive
 * @param reconnectMax longest delay between attempts, at least {@code reconnectMin}
 * @param cachePreparedStatements whether each connection prepares an SQL text once and reuses it
 * @param transactionConnections total connections over all event loops reserved one at a time for a
 *        transaction, opened on first use, at least 1
 */
public record PgConfig(String host, int port, String database, String user, String password,
        int maxConnections, int pipeliningLimit, Duration queryTimeout, Duration connectTimeout,
        Duration reconnectMin, Duration reconnectMax, boolean cachePreparedStatements, int transactionConnections) {
    /** Default server port. */
    public static final int DEFAULT_PORT = 5432;
    /**
     * Default total connections: 16, so that several services share a small database (Postgres allows 100
     * by default, 3 of them reserved); connections are pipelined, so few carry many queries. Raise it for
     * a database of its own, e.g. HttpArena's {@code DATABASE_MAX_CONN} of 256.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 16;
    /**
     * Default total transaction connections: 4, opened only when a transaction needs one, so a service that
     * runs none opens none and one that does stays within {@code maxConnections + 4}.
     */
    public static final int DEFAULT_TRANSACTION_CONNECTIONS = 4;
    /** Default pipelining limit per connection. */
    public static final int DEFAULT_PIPELINING_LIMIT = 256;
    /** Default query timeout. */
    public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(5);
    /** Default connect timeout. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** Default first reconnection delay. */
    public static final Duration DEFAULT_RECONNECT_MIN = Duration.ofMillis(100);
    /** Default longest reconnection delay. */
    public static final Duration DEFAULT_RECONNECT_MAX = Duration.ofSeconds(5);

    /** Validates every field; see the class javadoc for the rules. */
    public PgConfig {
        requireText(host, "host");
        requireText(database, "database");
        requireText(user, "user");
        Objects.requireNonNull(password, "password");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be in 1..65535, got " + port);
        }
        requirePositive(maxConnections, "maxConnections");
        requirePositive(pipeliningLimit, "pipeliningLimit");
        requirePositive(transactionConnections, "transactionConnections");
        requirePositive(queryTimeout, "queryTimeout");
        requirePositive(connectTimeout, "connectTimeout");
        requirePositive(reconnectMin, "reconnectMin");
        requirePositive(reconnectMax, "reconnectMax");
        if (reconnectMax.compareTo(reconnectMin) < 0) {
            throw new IllegalArgumentException("reconnectMax must be >= reconnectMin (" + reconnectMin + "), got "
                    + reconnectMax);
        }
    }

    /** A builder with the defaults and no server; call {@link Builder#url(String)} or set the parts. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The configuration of {@code url} with every other field at its default.
     *
     * @param url {@code postgres://user:pass@host:port/db} (also {@code postgresql://}); user and
     *        password percent-encoded; port optional
     * @throws IllegalArgumentException naming what is wrong with the URL (the password is never echoed)
     */
    public static PgConfig fromUrl(String url) {
        return builder().url(url).build();
    }

    /**
     * Connections each event loop opens: {@code max(1, maxConnections / loops)}.
     *
     * @param loops the number of event loops, at least 1
     */
    public int connectionsPerLoop(int loops) {
        requirePositive(loops, "loops");
        return Math.max(1, maxConnections / loops);
    }

    /**
     * Transaction connections each event loop may open: {@code max(1, transactionConnections / loops)}.
     *
     * @param loops the number of event loops, at least 1
     */
    public int transactionConnectionsPerLoop(int loops) {
        requirePositive(loops, "loops");
        return Math.max(1, transactionConnections / loops);
    }

    /** A builder holding this configuration, to derive another. */
    public Builder toBuilder() {
        Builder b = new Builder().host(host).port(port).database(database).user(user).password(password);
        return b.maxConnections(maxConnections).pipeliningLimit(pipeliningLimit).queryTimeout(queryTimeout)
                .connectTimeout(connectTimeout).reconnect(reconnectMin, reconnectMax)
                .cachePreparedStatements(cachePreparedStatements).transactionConnections(transactionConnections);
    }

    /** Describes the configuration with the password masked. */
    @Override
    public String toString() {
        return "PgConfig[postgres://" + user + ":***@" + host + ":" + port + "/" + database
                + ", maxConnections=" + maxConnections + ", pipeliningLimit=" + pipeliningLimit
                + ", queryTimeout=" + queryTimeout + ", connectTimeout=" + connectTimeout
                + ", reconnect=" + reconnectMin + ".." + reconnectMax
                + ", cachePreparedStatements=" + cachePreparedStatements
                + ", transactionConnections=" + transactionConnections + "]";
    }

    private static void requireText(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
    }

    private static void requirePositive(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + value);
        }
    }

    private static void requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
    }

    /** Fluent builder of a {@link PgConfig}; every setter is optional except the server. Not thread-safe. */
    public static final class Builder {
        private String host;
        private int port = DEFAULT_PORT;
        private String database;
        private String user;
        private String password = "";
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private int pipeliningLimit = DEFAULT_PIPELINING_LIMIT;
        private Duration queryTimeout = DEFAULT_QUERY_TIMEOUT;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration reconnectMin = DEFAULT_RECONNECT_MIN;
        private Duration reconnectMax = DEFAULT_RECONNECT_MAX;
        private boolean cachePreparedStatements = true;
        private int transactionConnections = DEFAULT_TRANSACTION_CONNECTIONS;

        private Builder() {
        }

        /**
         * Sets host, port, database, user and password from {@code postgres://user:pass@host:port/db}.
         *
         * @throws IllegalArgumentException naming what is wrong with the URL
         */
        public Builder url(String url) {
            PgUrl parsed = PgUrl.parse(url);
            return host(parsed.host()).port(parsed.port()).database(parsed.database())
                    .user(parsed.user()).password(parsed.password());
        }

        /** Sets the server host. */
        public Builder host(String value) {
            host = value;
            return this;
        }

        /** Sets the server port (default 5432). */
        public Builder port(int value) {
            port = value;
            return this;
        }

        /** Sets the database name. */
        public Builder database(String value) {
            database = value;
            return this;
        }

        /** Sets the user name. */
        public Builder user(String value) {
            user = value;
            return this;
        }

        /** Sets the password (default empty). */
        public Builder password(String value) {
            password = value;
            return this;
        }

        /** Sets the total connections over all loops (default 16). */
        public Builder maxConnections(int value) {
            maxConnections = value;
            return this;
        }

        /** Sets the queries in flight per connection (default 256). */
        public Builder pipeliningLimit(int value) {
            pipeliningLimit = value;
            return this;
        }

        /** Sets the query timeout (default 5 s). */
        public Builder queryTimeout(Duration value) {
            queryTimeout = value;
            return this;
        }

        /** Sets the connect timeout of one attempt (default 2 s). */
        public Builder connectTimeout(Duration value) {
            connectTimeout = value;
            return this;
        }

        /** Sets the reconnection backoff: first delay {@code min}, doubling up to {@code max}. */
        public Builder reconnect(Duration min, Duration max) {
            reconnectMin = min;
            reconnectMax = max;
            return this;
        }

        /** Sets whether prepared statements are cached per connection (default true). */
        public Builder cachePreparedStatements(boolean value) {
            cachePreparedStatements = value;
            return this;
        }

        /** Sets the total transaction connections over all loops (default 4), see {@link Postgres#withTransaction}. */
        public Builder transactionConnections(int value) {
            transactionConnections = value;
            return this;
        }

        /**
         * Validates and creates the configuration.
         *
         * @throws IllegalArgumentException naming the invalid field and value
         * @throws NullPointerException if host, database or user was never set
         */
        public PgConfig build() {
            return new PgConfig(host, port, database, user, password, maxConnections, pipeliningLimit,
                    queryTimeout, connectTimeout, reconnectMin, reconnectMax, cachePreparedStatements,
                    transactionConnections);
        }
    }
}
