package dev.pronto.core.config;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.TlsEngine;
import dev.pronto.core.TlsKeys;
import dev.pronto.core.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Core's configuration records read from a {@link Config} under a key prefix, so a server's settings come
 * from the same layers (file, environment, system properties) as the application's own, with errors naming
 * the key. With the prefix {@code server}, {@code server.port} is also {@code SERVER_PORT} in the environment.
 *
 * <table>
 * <caption>Keys (after the prefix and a dot)</caption>
 * <tr><th>record</th><th>keys</th></tr>
 * <tr><td>{@link ServerConfig}</td><td>{@code host}, {@code port}, {@code io-threads}, {@code transport}
 * ({@code auto}, {@code io_uring}, {@code epoll}, {@code nio}), {@code backlog}, {@code max-body-size} (bytes),
 * {@code max-connections}, {@code max-in-flight}, {@code idle-timeout}, {@code header-read-timeout},
 * {@code body-read-timeout}, {@code min-body-rate} (bytes per second), {@code min-body-rate-grace},
 * {@code response-timeout}, {@code shutdown-timeout}, {@code shutdown-hook}, {@code blocked-loop-warning}</td></tr>
 * <tr><td>{@link TlsConfig}</td><td>{@code cert}, {@code key}, {@code key-password} (a secret),
 * {@code engine} ({@code auto}, {@code openssl}, {@code jdk}), {@code handshake-timeout},
 * {@code reload-interval}</td></tr>
 * </table>
 *
 * <p>Every default is the record's own. A value the record refuses (its constructor's check) fails with an
 * {@link IllegalArgumentException} naming the prefix and the record's message. Start-up only; not thread-safe
 * beyond what {@link Config} is.
 */
public final class ConfigRecords {
    private ConfigRecords() {
    }

    /**
     * The server settings under {@code prefix} ({@code ""} for none).
     *
     * @throws IllegalArgumentException naming the key of a malformed or out-of-range value
     */
    public static ServerConfig server(Config c, String prefix) {
        ServerConfig d = ServerConfig.defaults();
        ServerConfig.Builder b = ServerConfig.builder()
                .host(c.string(key(prefix, "host"), d.host()))
                .port(c.integer(key(prefix, "port"), d.port(), 0, 65535))
                .ioThreads(c.integer(key(prefix, "io-threads"), d.ioThreads(), 1, 4096))
                .transport(Transport.valueOf(c.oneOf(key(prefix, "transport"), lower(d.transport()),
                        List.of("auto", "io_uring", "epoll", "nio")).toUpperCase(Locale.ROOT)))
                .backlog(c.integer(key(prefix, "backlog"), d.backlog(), 1, 1 << 20))
                .maxBodySize(c.integer(key(prefix, "max-body-size"), (int) Math.min(d.maxBodySize(), Integer.MAX_VALUE),
                        0, Integer.MAX_VALUE))
                .maxConnections(c.integer(key(prefix, "max-connections"), d.maxConnections(), 1, Integer.MAX_VALUE))
                .maxInFlight(c.integer(key(prefix, "max-in-flight"), d.maxInFlight(), 0, Integer.MAX_VALUE))
                .idleTimeout(c.duration(key(prefix, "idle-timeout"), d.idleTimeout()))
                .headerReadTimeout(c.duration(key(prefix, "header-read-timeout"), d.headerReadTimeout()))
                .bodyReadTimeout(c.duration(key(prefix, "body-read-timeout"), d.bodyReadTimeout()))
                .responseTimeout(c.duration(key(prefix, "response-timeout"), d.responseTimeout()))
                .minBodyRate(c.integer(key(prefix, "min-body-rate"), (int) d.minBodyRate(), 0, Integer.MAX_VALUE))
                .minBodyRateGrace(c.duration(key(prefix, "min-body-rate-grace"), d.minBodyRateGrace()))
                .shutdownTimeout(c.duration(key(prefix, "shutdown-timeout"), d.shutdownTimeout()))
                .shutdownHook(c.bool(key(prefix, "shutdown-hook"), d.shutdownHook()))
                .blockedLoopWarning(c.duration(key(prefix, "blocked-loop-warning"), d.blockedLoopWarning()));
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where(prefix) + e.getMessage(), e);
        }
    }

    /**
     * The TLS settings under {@code prefix}, or null when neither {@code cert} nor {@code key} is set (TLS off).
     *
     * @throws IllegalArgumentException when only one of them is set, or naming the key of a bad value or the
     *         file that cannot be used
     */
    public static TlsConfig tls(Config c, String prefix) {
        String cert = c.string(key(prefix, "cert"), null);
        String keyFile = c.string(key(prefix, "key"), null);
        if (cert == null && keyFile == null) {
            return null;
        }
        if (cert == null || keyFile == null) {
            throw new IllegalArgumentException(key(prefix, cert == null ? "cert" : "key")
                    + ": missing, while " + key(prefix, cert == null ? "key" : "cert") + " is set; give both or neither");
        }
        String password = c.secret(key(prefix, "key-password"), null);
        // unset keys leave the builder's defaults in place, so the record stays the one place they are written
        String engine = c.string(key(prefix, "engine"), null);
        Duration handshake = c.duration(key(prefix, "handshake-timeout"), null);
        Duration reload = c.duration(key(prefix, "reload-interval"), null);
        try {
            TlsConfig.Builder b = TlsConfig.builder().keys(password == null ? TlsKeys.pem(Path.of(cert), Path.of(keyFile))
                    : TlsKeys.pem(Path.of(cert), Path.of(keyFile), password));
            if (engine != null) {
                b.engine(TlsEngine.valueOf(c.oneOf(key(prefix, "engine"), engine, List.of("auto", "openssl", "jdk"))
                        .toUpperCase(Locale.ROOT)));
            }
            if (handshake != null) {
                b.handshakeTimeout(handshake);
            }
            if (reload != null) {
                b.reloadInterval(reload);
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where(prefix) + e.getMessage(), e);
        }
    }

    /** {@code prefix.name}, or {@code name} alone for an empty prefix. */
    static String key(String prefix, String name) {
        return prefix.isEmpty() ? name : prefix + "." + name;
    }

    private static String where(String prefix) {
        return prefix.isEmpty() ? "" : prefix + ": ";
    }

    private static String lower(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
